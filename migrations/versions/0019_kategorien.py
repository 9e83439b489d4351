"""categories (issue 43, TEAMS.md §10.2): the player register's categories, each registration's copy (tournament
and season), and the category Startgeld paid (opt-in categories)

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-28
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ('player', 'tournament_player', 'season_player'):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('kategorien', sa.String(400), nullable=True))
    op.create_table(
        'tournament_category_payment',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('tournament_id', sa.Integer(), sa.ForeignKey('tournament.id', ondelete='CASCADE'), nullable=False),
        sa.Column('player_id', sa.Integer(), sa.ForeignKey('player.id'), nullable=False),
        sa.Column('kategorie', sa.String(40), nullable=False),
        sa.Column('cents', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )
    op.create_index('ix_tournament_category_payment_tournament_id', 'tournament_category_payment', ['tournament_id'])


def downgrade() -> None:
    op.drop_index('ix_tournament_category_payment_tournament_id', 'tournament_category_payment')
    op.drop_table('tournament_category_payment')
    for table in ('season_player', 'tournament_player', 'player'):
        with op.batch_alter_table(table) as batch:
            batch.drop_column('kategorien')
