#!/usr/bin/env bash
# One table of a Preisschafkopf (tournament Schafkopf) with five players: only the winners are
# written, the deal passes after every hand and the dealer sits out; ends with the report.
set -euo pipefail
export SCHREIBER_DB="${SCHREIBER_DB:-$(mktemp -d)/preisschafkopf.db}"
s() { echo "\$ schreiber $*"; schreiber "$@"; echo; }

s session new --rules preisschafkopf --players Anna Berta Carl Dora Emil --name "Preisschafkopf Tisch 1"
s add rufspiel --player Berta --partner Dora --augen 95 --laufende 3
s add wenz --player Carl --augen 65 --laufende 2
s add farbsolo --player Dora --farbe herz --augen 50
s add kreuz --player Emil --augen 70
s add wenz-tout --player Anna --won --laufende 4
s add bettel --player Berta --lost
s add kreuz --player Carl --augen 60
s show 1
s report
