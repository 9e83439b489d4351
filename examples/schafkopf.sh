#!/usr/bin/env bash
# A Schafkopf evening at the Stammtisch, hand by hand; ends with the report and says where the
# ledger is. Without SCHREIBER_DB the evening goes to stammtisch.db in the current folder, so that
# `schreiber --db stammtisch.db report` (or list, show N, stats …) works on it afterwards.
set -euo pipefail
export SCHREIBER_DB="${SCHREIBER_DB:-$PWD/stammtisch.db}"
s() { echo "\$ schreiber $*"; schreiber "$@"; echo; }

s session new --rules schafkopf --players Anna Berta Carl Dora --tariff 10 --name "Stammtisch Hirsch"
s add rufspiel --player Berta --partner Dora --augen 72 --sau eichel
s add wenz --player Carl --augen 65 --laufende 2 --klopfen Anna
s add rufspiel --player Anna --partner Carl --augen 70 --kontra --re
s add rufspiel --player Berta --partner Dora --augen 61
s add farbsolo --player Dora --augen 50 --kontra --farbe herz
s add ramsch --augen Anna=40 --augen Berta=35 --augen Carl=25 --augen Dora=20
s add rufspiel --player Anna --partner Berta --augen 60
s add sie --player Carl --note "Carl's first Sie in ten years"
s add rufspiel --player Dora --partner Anna --augen 95 --laufende 3
s list
s show 3
s report
echo "The evening is in the ledger $SCHREIBER_DB; try: schreiber --db $SCHREIBER_DB report"
