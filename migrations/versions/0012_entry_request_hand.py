"""an Idempotency-Key belongs to the hand it recorded and to the body that recorded it (issue 38)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain nullable columns: a request answered before this revision keeps its number alone.
    with op.batch_alter_table('entry_request') as batch:
        batch.add_column(sa.Column('hand_id', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('body_hash', sa.String(64), nullable=True))
        batch.create_foreign_key('fk_entry_request_hand', 'hand', ['hand_id'], ['id'], ondelete='CASCADE')


def downgrade() -> None:
    with op.batch_alter_table('entry_request') as batch:
        batch.drop_constraint('fk_entry_request_hand', type_='foreignkey')
        batch.drop_column('body_hash')
        batch.drop_column('hand_id')
