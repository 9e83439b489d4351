"""the ledger: players, tables, seats, hands, payout cache

Revision ID: 0001
Revises: 
Create Date: 2026-11-21
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('ledger_state',
    sa.Column('key', sa.String(length=40), nullable=False),
    sa.Column('value', sa.String(length=200), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )
    op.create_table('player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('name_key', sa.String(length=80), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name_key')
    )
    op.create_table('runde',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=True),
    sa.Column('rules', sa.String(length=40), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('tariff', sa.Integer(), nullable=True),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('teams', sa.JSON(), nullable=True),
    sa.Column('closed', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('runde', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_runde_date'), ['date'], unique=False)

    op.create_table('hand',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=40), nullable=False),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.Column('note', sa.Text(), nullable=True),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('replaces_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.ForeignKeyConstraint(['replaces_id'], ['hand.id'], ),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.create_index('ix_hand_runde_status', ['runde_id', 'status'], unique=False)
        batch_op.create_index('uq_hand_live_number', ['runde_id', 'number'], unique=True, sqlite_where=sa.text("status = 'live'"), postgresql_where=sa.text("status = 'live'"))

    op.create_table('seat',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id', 'position')
    )
    op.create_table('payout',
    sa.Column('hand_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('sat_out', sa.Boolean(), nullable=False),
    sa.Column('won', sa.Boolean(), nullable=False),
    sa.Column('solo', sa.Boolean(), nullable=False),
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['hand_id'], ['hand.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('hand_id', 'player_id')
    )
    with op.batch_alter_table('payout', schema=None) as batch_op:
        batch_op.create_index('ix_payout_runde_player', ['runde_id', 'player_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('payout', schema=None) as batch_op:
        batch_op.drop_index('ix_payout_runde_player')

    op.drop_table('payout')
    op.drop_table('seat')
    with op.batch_alter_table('hand', schema=None) as batch_op:
        batch_op.drop_index('uq_hand_live_number', sqlite_where=sa.text("status = 'live'"), postgresql_where=sa.text("status = 'live'"))
        batch_op.drop_index('ix_hand_runde_status')

    op.drop_table('hand')
    with op.batch_alter_table('runde', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_runde_date'))

    op.drop_table('runde')
    op.drop_table('player')
    op.drop_table('ledger_state')
