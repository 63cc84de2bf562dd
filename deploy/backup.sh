#!/usr/bin/env bash
# Backs up Veilleurs: the database (pg_dump, custom format) and the uploaded files (DATA_DIR/files,
# when files are kept in a folder rather than S3), into one dated pair of files in the given folder.
#   DATABASE_URL=postgres://… DATA_DIR=/var/lib/veilleurs deploy/backup.sh /var/backups/veilleurs
# A consistent dump is taken while the site runs. docs/deploy.md schedules it and restores it.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: DATABASE_URL=… DATA_DIR=… $0 BACKUP_FOLDER" >&2
  exit 2
fi
: "${DATABASE_URL:?DATABASE_URL: the database to back up}"
: "${DATA_DIR:?DATA_DIR: the folder holding files/ (uploads)}"
target=$1
stamp=$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$target"
umask 077

dump="$target/veilleurs-$stamp.dump"
files="$target/veilleurs-files-$stamp.tar.gz"

# Written under a temporary name first: a backup that stopped half-way never looks complete.
pg_dump --format=custom --no-owner --no-privileges --file="$dump.partial" "$DATABASE_URL"
mv "$dump.partial" "$dump"

if [ -d "$DATA_DIR/files" ]; then
  tar --create --gzip --file="$files.partial" --directory="$DATA_DIR" files
else
  # S3 storage or nothing uploaded yet: an empty archive keeps the pair complete.
  tar --create --gzip --file="$files.partial" --files-from=/dev/null
fi
mv "$files.partial" "$files"

echo "$dump"
echo "$files"
