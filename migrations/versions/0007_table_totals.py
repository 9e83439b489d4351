"""a cache of each table's report totals, keyed by the table's revision

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Empty at first: the first `report` after the upgrade sums each table's payouts once and keeps them.
    op.create_table('table_totals',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id')
    )


def downgrade() -> None:
    op.drop_table('table_totals')
