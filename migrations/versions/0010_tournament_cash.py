"""a tournament's money: its settings (Startgeld, Verlustspielgeld, Reuegeld, prizes) and the payments

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('tournament_cash',
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tournament_id')
    )
    op.create_table('tournament_payment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=12), nullable=False),
    sa.Column('cents', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_tournament_payment_tournament_id', 'tournament_payment', ['tournament_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_tournament_payment_tournament_id', table_name='tournament_payment')
    op.drop_table('tournament_payment')
    op.drop_table('tournament_cash')
