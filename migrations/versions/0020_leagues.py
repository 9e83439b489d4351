"""leagues (issue 44, TEAMS.md §10.3): leagues, teams, rosters, Spieltage with groups, line-ups and tables

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-28
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'league',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('name', sa.String(200), nullable=False),
        sa.Column('rules', sa.String(40), nullable=False),
        sa.Column('settings', sa.JSON(), nullable=False),
        sa.Column('table_settings', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        'league_team',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('league_id', sa.Integer(), sa.ForeignKey('league.id', ondelete='CASCADE'), nullable=False),
        sa.Column('name', sa.String(200), nullable=False),
        sa.Column('club', sa.String(200), nullable=True),
        sa.Column('number', sa.Integer(), nullable=True),
        sa.UniqueConstraint('league_id', 'name', name='uq_league_team_name'),
    )
    op.create_index('ix_league_team_league_id', 'league_team', ['league_id'])
    op.create_table(
        'league_roster',
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('league_team.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('player_id', sa.Integer(), sa.ForeignKey('player.id'), primary_key=True),
    )
    op.create_table(
        'league_day',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('league_id', sa.Integer(), sa.ForeignKey('league.id', ondelete='CASCADE'), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('date', sa.Date(), nullable=False),
        sa.Column('closed', sa.Boolean(), nullable=False),
        sa.UniqueConstraint('league_id', 'number', name='uq_league_day_number'),
    )
    op.create_index('ix_league_day_league_id', 'league_day', ['league_id'])
    op.create_table(
        'league_group',
        sa.Column('day_id', sa.Integer(), sa.ForeignKey('league_day.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('number', sa.Integer(), primary_key=True),
        sa.Column('venue', sa.String(200), nullable=True),
    )
    op.create_table(
        'league_group_team',
        sa.Column('day_id', sa.Integer(), sa.ForeignKey('league_day.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('league_team.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('group', sa.Integer(), nullable=False),
        sa.Column('place', sa.Integer(), nullable=False),
    )
    op.create_table(
        'league_lineup',
        sa.Column('day_id', sa.Integer(), sa.ForeignKey('league_day.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('league_team.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('position', sa.Integer(), primary_key=True),
        sa.Column('player_id', sa.Integer(), sa.ForeignKey('player.id'), nullable=False),
        sa.Column('ersatz', sa.Boolean(), nullable=False),
    )
    op.create_table(
        'league_table',
        sa.Column('day_id', sa.Integer(), sa.ForeignKey('league_day.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('serie', sa.Integer(), primary_key=True),
        sa.Column('number', sa.Integer(), primary_key=True),
        sa.Column('group', sa.Integer(), nullable=False),
        sa.Column('runde_id', sa.Integer(), sa.ForeignKey('runde.id', ondelete='CASCADE'), nullable=False),
        sa.UniqueConstraint('runde_id'),
    )


def downgrade() -> None:
    op.drop_table('league_table')
    op.drop_table('league_lineup')
    op.drop_table('league_group_team')
    op.drop_table('league_group')
    op.drop_index('ix_league_day_league_id', 'league_day')
    op.drop_table('league_day')
    op.drop_table('league_roster')
    op.drop_index('ix_league_team_league_id', 'league_team')
    op.drop_table('league_team')
    op.drop_table('league')
