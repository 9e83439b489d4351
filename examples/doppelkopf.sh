#!/usr/bin/env bash
# A Doppelkopf evening for five with spot points, a solo and Bock after Re; ends with the report.
set -euo pipefail
export SCHREIBER_DB="${SCHREIBER_DB:-$(mktemp -d)/doppelkopf.db}"
s() { echo "\$ schreiber $*"; schreiber "$@"; echo; }

s session new --rules doppelkopf --players Anna Berta Carl Dora Emil --set bock=re,gleichstand --tariff 5
s add normal --player Berta --partner Dora --augen 150 --fuchs-re 1
s add normal --player Carl --partner Emil --augen 100 --re --karlchen kontra
s add trumpfsolo --player Anna --augen 185
s add normal --player Anna --partner Emil --augen 121 --altenstrafe
s add schiebekopf --augen Anna=70 --augen Berta=50 --augen Carl=60 --augen Dora=60
s list
s report
