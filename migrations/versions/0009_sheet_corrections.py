"""a table's sheet carries games won and lost as declarer and its thrown-in hands; a corrected sheet
keeps the one it replaced

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sheet_entry') as batch:
        batch.add_column(sa.Column('won', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('lost', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('thrown', sa.Integer(), nullable=False, server_default='0'))
    op.create_table('replaced_sheet_entry',
    sa.Column('runde_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('soli', sa.Integer(), nullable=False),
    sa.Column('won', sa.Integer(), nullable=False),
    sa.Column('lost', sa.Integer(), nullable=False),
    sa.Column('thrown', sa.Integer(), nullable=False),
    sa.Column('replaced_at', sa.DateTime(), server_default=sa.text('(CURRENT_TIMESTAMP)'), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
    sa.ForeignKeyConstraint(['runde_id'], ['runde.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('runde_id', 'version', 'player_id')
    )


def downgrade() -> None:
    op.drop_table('replaced_sheet_entry')
    with op.batch_alter_table('sheet_entry') as batch:
        batch.drop_column('thrown')
        batch.drop_column('lost')
        batch.drop_column('won')
