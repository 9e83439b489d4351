"""seasons: tournaments of one rule set folded into a season's ranking, with permanent season start numbers

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('rules', sa.String(length=40), nullable=False),
    sa.Column('wertung', sa.String(length=24), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('season_player',
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('season_id', 'player_id'),
    sa.UniqueConstraint('season_id', 'number', name='uq_season_player_number')
    )
    with op.batch_alter_table('tournament') as batch:
        batch.add_column(sa.Column('season_id', sa.Integer(), nullable=True))
        batch.create_index('ix_tournament_season_id', ['season_id'])
        batch.create_foreign_key('fk_tournament_season', 'season', ['season_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('tournament') as batch:
        batch.drop_constraint('fk_tournament_season', type_='foreignkey')
        batch.drop_index('ix_tournament_season_id')
        batch.drop_column('season_id')
    op.drop_table('season_player')
    op.drop_table('season')
