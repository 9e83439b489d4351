"""the report totals kept as a row per table and player, summed by the database over a season; the
statistics summaries merged a block of tables at a time

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A cache: the JSON totals of 0007 are dropped, the first `report` after the upgrade sums each table once.
    op.drop_table('table_totals')
    op.create_table('table_totals',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('hands', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id')
    )
    op.create_table('player_totals',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('hands', sa.Integer(), nullable=False),
    sa.Column('won', sa.Integer(), nullable=False),
    sa.Column('solos', sa.Integer(), nullable=False),
    sa.Column('cents', sa.Integer(), nullable=True),
    sa.Column('kasse', sa.Integer(), nullable=True),
    sa.Column('extras', sa.JSON(), nullable=True),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id', 'player_id')
    )
    op.create_table('stats_block',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('fingerprint', sa.String(length=40), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id')
    )


def downgrade() -> None:
    op.drop_table('stats_block')
    op.drop_table('player_totals')
    op.drop_table('table_totals')
    op.create_table('table_totals',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id')
    )
