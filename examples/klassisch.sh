#!/usr/bin/env bash
# The old Schafkopf in strokes: two teams draw sheep's heads; 60:60 is decided by the next hand.
set -euo pipefail
export SCHREIBER_DB="${SCHREIBER_DB:-$(mktemp -d)/klassisch.db}"
s() { echo "\$ schreiber $*"; schreiber "$@"; echo; }

s session new --rules klassisch --players Anna Berta Carl Dora --teams Anna+Carl Berta+Dora --set einsatz=50
s add spiel --player Anna --augen 70
s add spiel --player Carl --augen 95
s add spiel --player Berta --augen 60
s add spiel --player Anna --augen 40
s add spiel --player Dora --augen 92
s add spiel --player Carl --augen 120 --schwarz
s strokes
s report
