// A schema migration: the SQL of one migrations/NNNN_description.sql file, embedded at build
// time (store/embed_migrations.cmake). Called by the schema runner (store/schema.h) and tests.
// Invariant: EmbeddedMigrations()[i].version == i + 1; applying migration N moves a database
// from user_version N-1 to N inside one transaction. Static data; never allocates.
#pragma once

#include <cstdint>
#include <span>

namespace arenastore::store {

struct Migration {
  int32_t version;
  const char* name;  // e.g. "0002_alias_journal"
  const char* sql;
};

// Every migration of this build, in order; the last one's version is the latest schema.
std::span<const Migration> EmbeddedMigrations();

}  // namespace arenastore::store
