"""league season (issue 45, TEAMS.md §10.3 rules 3, 5, 13, 18): the plan of Spieltage 1–5, substitutions, absent
teams, a central group (no host)

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-28
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'league_plan',
        sa.Column('league_id', sa.Integer(), sa.ForeignKey('league.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('day', sa.Integer(), primary_key=True),
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('league_team.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('group', sa.Integer(), nullable=False),
        sa.Column('place', sa.Integer(), nullable=False),
        sa.Column('central', sa.Boolean(), nullable=False),
    )
    op.create_table(
        'league_sub',
        sa.Column('day_id', sa.Integer(), sa.ForeignKey('league_day.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('serie', sa.Integer(), primary_key=True),
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('league_team.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('position', sa.Integer(), primary_key=True),
        sa.Column('hand', sa.Integer(), nullable=False),
        sa.Column('left_id', sa.Integer(), sa.ForeignKey('player.id'), nullable=False),
        sa.Column('player_id', sa.Integer(), sa.ForeignKey('player.id'), nullable=False),
        sa.Column('split', sa.JSON(), nullable=True),
    )
    op.create_table(
        'league_absent',
        sa.Column('day_id', sa.Integer(), sa.ForeignKey('league_day.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('league_team.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('serie', sa.Integer(), primary_key=True),
    )
    with op.batch_alter_table('league_group') as batch:
        batch.add_column(sa.Column('central', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('league_group') as batch:
        batch.drop_column('central')
    op.drop_table('league_absent')
    op.drop_table('league_sub')
    op.drop_table('league_plan')
