package org.fsnbot.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.JavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * The tables Quartz's clustered JDBC job store keeps on PostgreSQL, made
 * from the DDL Quartz ships in its own jar (so they are the tables the
 * Quartz on the class path expects), in a Flyway history of their own
 * beside fsnbot's: fsnbot's tables never depend on them.
 */
public final class QuartzTables implements JavaMigration {



    static final String DDL = "org/quartz/impl/jdbcjobstore/tables_postgres.sql";

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("1");
    }

    @Override
    public String getDescription() {
        return "Quartz job store tables";
    }

    /** Quartz's DDL is Quartz's: a new Quartz version with new tables comes as a V2 here. */
    @Override
    public Integer getChecksum() {
        return null;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        try (Statement st = context.getConnection().createStatement()) {
            for (String sql : statements(read())) {
                st.execute(sql);
            }
        }
    }

    private static String read() throws IOException {
        try (InputStream in = QuartzTables.class.getClassLoader().getResourceAsStream(DDL)) {
            if (in == null) {
                throw new IOException("Quartz's " + DDL + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The file's statements: comment lines dropped, split at the semicolons that end lines. */
    static List<String> statements(String ddl) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String line : ddl.split("\n")) {
            String t = line.strip();
            if (t.startsWith("--") || t.isEmpty()) {
                continue;
            }
            cur.append(line).append('\n');
            if (t.endsWith(";")) {
                String sql = cur.toString().strip();
                sql = sql.substring(0, sql.length() - 1).strip();
                if (!sql.isEmpty() && !sql.equalsIgnoreCase("commit")) {
                    out.add(sql);
                }
                cur.setLength(0);
            }
        }
        return out;
    }
}
