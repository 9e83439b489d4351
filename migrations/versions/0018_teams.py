"""teams in a tournament (issue 43, TEAMS.md §10.1): a competition's teams, their members, their Startgeld

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'tournament_team',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('tournament_id', sa.Integer(), sa.ForeignKey('tournament.id', ondelete='CASCADE'), nullable=False),
        sa.Column('competition', sa.String(40), nullable=False),
        sa.Column('name', sa.String(200), nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.func.now(), nullable=False),
        sa.UniqueConstraint('tournament_id', 'competition', 'name', name='uq_tournament_team_name'),
    )
    op.create_index('ix_tournament_team_tournament_id', 'tournament_team', ['tournament_id'])
    op.create_table(
        'tournament_team_member',
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('tournament_team.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('player_id', sa.Integer(), sa.ForeignKey('player.id'), primary_key=True),
    )
    op.create_table(
        'tournament_team_payment',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('team_id', sa.Integer(), sa.ForeignKey('tournament_team.id', ondelete='CASCADE'), nullable=False),
        sa.Column('kind', sa.String(12), nullable=False),
        sa.Column('cents', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )
    op.create_index('ix_tournament_team_payment_team_id', 'tournament_team_payment', ['team_id'])


def downgrade() -> None:
    op.drop_index('ix_tournament_team_payment_team_id', 'tournament_team_payment')
    op.drop_table('tournament_team_payment')
    op.drop_table('tournament_team_member')
    op.drop_index('ix_tournament_team_tournament_id', 'tournament_team')
    op.drop_table('tournament_team')
