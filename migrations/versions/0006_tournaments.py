"""tournaments: registration with start numbers, drawn rounds, their tables (sessions) and paper sheets

Revision ID: 0006
Revises: 0004
Create Date: 2026-11-25
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('tournament',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('rules', sa.String(length=40), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('wertung', sa.String(length=12), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('hands', sa.Integer(), nullable=True),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('seed', sa.String(length=80), nullable=False),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('tournament_player',
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('withdrawn', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tournament_id', 'player_id'),
    sa.UniqueConstraint('tournament_id', 'number', name='uq_tournament_player_number')
    )
    op.create_table('tournament_round',
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seed', sa.String(length=80), nullable=False),
    sa.Column('repeats', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tournament_id', 'number')
    )
    op.create_table('tournament_table',
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tournament_id', 'round', 'number'),
    sa.UniqueConstraint('runde_id')
    )
    op.create_table('sheet_entry',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('soli', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id', 'player_id')
    )


def downgrade() -> None:
    op.drop_table('sheet_entry')
    op.drop_table('tournament_table')
    op.drop_table('tournament_round')
    op.drop_table('tournament_player')
    op.drop_table('tournament')
