"""every table carries a stable identity (uid) that export writes and import matches

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""
from __future__ import annotations

import uuid

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('runde', schema=None) as batch_op:
        batch_op.add_column(sa.Column('uid', sa.String(length=36), nullable=True))
    # Tables recorded before this revision get an identity of their own now, one each.
    runde = sa.table('runde', sa.column('id', sa.Integer), sa.column('uid', sa.String))
    conn = op.get_bind()
    for (table_id,) in conn.execute(sa.select(runde.c.id)).all():
        conn.execute(runde.update().where(runde.c.id == table_id).values(uid=str(uuid.uuid4())))
    with op.batch_alter_table('runde', schema=None) as batch_op:
        batch_op.alter_column('uid', existing_type=sa.String(length=36), nullable=False)
        batch_op.create_index(batch_op.f('ix_runde_uid'), ['uid'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('runde', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_runde_uid'))
        batch_op.drop_column('uid')
