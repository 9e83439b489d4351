"""the round's clock: when each round started (its draw, or `tournament start ROUND`), for the wall's countdown

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tournament_round') as batch:
        batch.add_column(sa.Column('started_at', sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tournament_round') as batch:
        batch.drop_column('started_at')
