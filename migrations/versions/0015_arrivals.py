"""the door before the day (issue 41): a registration in advance has not arrived yet, a capped field
(tournament.plaetze) keeps a waiting list in order; every registration so far counts as arrived

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tournament_player') as batch:
        batch.add_column(sa.Column('arrived', sa.Boolean(), server_default=sa.true(), nullable=False))
        batch.add_column(sa.Column('waiting', sa.Integer(), nullable=True))
    with op.batch_alter_table('tournament') as batch:
        batch.add_column(sa.Column('plaetze', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tournament') as batch:
        batch.drop_column('plaetze')
    with op.batch_alter_table('tournament_player') as batch:
        batch.drop_column('waiting')
        batch.drop_column('arrived')
