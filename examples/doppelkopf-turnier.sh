#!/usr/bin/env bash
# A tournament round of Doppelkopf (DDV rules): announcements, Absagen, Sonderpunkte, a solo.
set -euo pipefail
export SCHREIBER_DB="${SCHREIBER_DB:-$(mktemp -d)/turnier.db}"
s() { echo "\$ schreiber $*"; schreiber "$@"; echo; }

s session new --rules doppelkopf-turnier --players Anna Berta Carl Dora
s add normal --player Anna --partner Berta --augen 130
s add normal --player Anna --partner Berta --augen 80 --kontra
s add normal --player Carl --partner Dora --augen 160 --re-absage 90 --fuchs-re 1
s add trumpfsolo --player Carl --augen 150
s add normal --player Anna --partner Berta --augen 100 --re-absage 60 --kontra-absage 60
s show 3
s report
