#!/bin/sh
# Run once by the postgres image when it makes its database: lets the store's user stream the WAL
# to postgres-replica (pg_hba's "all" does not cover replication connections).
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
