"""prizes fixed at the first payout: the amount of every prize place and when they were fixed (RULES.md §9)

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tournament_cash') as batch:
        batch.add_column(sa.Column('fixed', sa.JSON(none_as_null=True), nullable=True))
        batch.add_column(sa.Column('fixed_at', sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tournament_cash') as batch:
        batch.drop_column('fixed_at')
        batch.drop_column('fixed')
