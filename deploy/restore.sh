#!/usr/bin/env bash
# Restores a Veilleurs backup (deploy/backup.sh) into an empty database and an empty DATA_DIR:
#   DATABASE_URL=postgres://…/veilleurs_restored DATA_DIR=/srv/restore \
#     deploy/restore.sh veilleurs-20261125T020000Z.dump veilleurs-files-20261125T020000Z.tar.gz
# The database must exist and be empty (createdb first); it refuses to write over a database that
# has tables, or over uploaded files. Start the app on it afterwards with the same AUTH_SECRET.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: DATABASE_URL=… DATA_DIR=… $0 DUMP FILES_ARCHIVE" >&2
  exit 2
fi
: "${DATABASE_URL:?DATABASE_URL: an empty database to restore into}"
: "${DATA_DIR:?DATA_DIR: the folder that will hold files/}"
dump=$1
files=$2
[ -r "$dump" ] || { echo "cannot read $dump" >&2; exit 1; }
[ -r "$files" ] || { echo "cannot read $files" >&2; exit 1; }

tables=$(psql "$DATABASE_URL" --no-psqlrc --tuples-only --no-align --command \
  "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
if [ "$tables" != "0" ]; then
  echo "the database already has $tables tables: restore into a new, empty database" >&2
  exit 1
fi
if [ -d "$DATA_DIR/files" ] && [ -n "$(ls -A "$DATA_DIR/files")" ]; then
  echo "$DATA_DIR/files is not empty: restore into a new folder" >&2
  exit 1
fi

# Tables and rows first. Then indexes and constraints as SQL through psql with the usual search_path:
# pg_restore empties it, and earthdistance's ll_to_earth (used by a position index) then cannot find
# its own "earth" type while the index is built.
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges \
  --section=pre-data --section=data --dbname="$DATABASE_URL" "$dump"
pg_restore --no-owner --no-privileges --section=post-data --file=- "$dump" \
  | sed "s/set_config('search_path', '', false)/set_config('search_path', 'public, pg_catalog', false)/" \
  | psql "$DATABASE_URL" --no-psqlrc --quiet --single-transaction --set ON_ERROR_STOP=1 >/dev/null
mkdir -p "$DATA_DIR"
tar --extract --gzip --file="$files" --directory="$DATA_DIR"
echo "restored into $DATABASE_URL and $DATA_DIR"
