"""each table's entry key (whoever holds it may record hands from a phone) and the requests it answered

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, NULL until `serve --entry` or `session key --new` makes the table's key.
    op.add_column('runde', sa.Column('entry_key', sa.String(64), nullable=True))
    # A phone that lost its answer sends the hand again with the same Idempotency-Key: the hand it
    # recorded the first time, remembered in the transaction that recorded it.
    op.create_table('entry_request',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('request_key', sa.String(100), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id', 'request_key')
    )


def downgrade() -> None:
    op.drop_table('entry_request')
    with op.batch_alter_table('runde', schema=None) as batch_op:
        batch_op.drop_column('entry_key')
