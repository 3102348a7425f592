package org.fsnbot.store;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What the fleet's runner role may do in the shared PostgreSQL, granted by
 * the coordinator (the schema's owner) each time it opens the store, so
 * tables a new version adds are covered: read everything; record what it
 * measured (jobs, builds, boots, samples, verdicts, series, calibrations,
 * trend points), itself (runners) and the units it finds (work_queue, a
 * bisection after a regression); claim and finish units, but not change
 * what a unit is (its target, base, options, who it answers); write its
 * replies into outgoing_mail but not say who recorded them (recorded_by
 * is the database's CURRENT_USER), nor send them: only a coordinator
 * sends, to the addresses it vouches for itself. Quartz's tables, all of
 * it. No DDL: the runner role owns nothing.
 */
final class FleetGrants {

    /** The role runners log in as (or belong to); docs/fleet.md makes it. */
    static final String RUNNER = "fsnbot_runner";

    private static final List<String> MEASURED = List.of("jobs", "builds", "boots", "samples", "verdicts", "series",
            "calibrations", "trend_points", "runners", "work_queue");
    private static final String UNIT_PROGRESS = "state, detail, job_id, runner, started_at, attempts, updated_at,"
            + " dispatched_at";
    private static final String MAIL = "job_id, message_id, in_reply_to, subject, recipients, kind, state, eml_path,"
            + " created_at, raw, envelope, answers";

    /*
     * GRANT rewrites the object's catalog row, and two coordinators opening
     * the store at once fail one another with "tuple concurrently updated";
     * a transaction-scoped advisory lock makes them take turns.
     */
    private static final long GRANT_LOCK = 0x66736e62_6f744772L;

    private FleetGrants() {
    }

    /** Grants the runner role its rights, when there is one, in one transaction; returns whether there was. */
    static boolean apply(Database db) {
        return db.transaction("granting the runner role its rights", c -> {
            try (Statement st = c.createStatement()) {
                try (var rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + RUNNER + "'")) {
                    if (!rs.next()) {
                        return false;
                    }
                }
                st.execute("SELECT pg_advisory_xact_lock(" + GRANT_LOCK + ")");
                for (String s : grants(st)) {
                    st.execute(s);
                }
                return true;
            }
        });
    }

    private static List<String> grants(Statement st) throws SQLException {
        String schema;
        try (var rs = st.executeQuery("SELECT current_schema()")) {
            rs.next();
            schema = "\"" + rs.getString(1).replace("\"", "\"\"") + "\"";
        }
        List<String> sql = new ArrayList<>(List.of(
                "GRANT USAGE ON SCHEMA " + schema + " TO " + RUNNER,
                "GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + RUNNER,
                "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA " + schema + " TO " + RUNNER,
                "GRANT INSERT ON " + String.join(", ", MEASURED) + " TO " + RUNNER,
                "GRANT UPDATE ON jobs, runners TO " + RUNNER,
                "GRANT UPDATE (" + UNIT_PROGRESS + ") ON work_queue TO " + RUNNER,
                "GRANT INSERT (" + MAIL + ") ON outgoing_mail TO " + RUNNER));
        try (var rs = st.executeQuery("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                + " AND tablename LIKE 'qrtz\\_%'")) {
            while (rs.next()) {
                sql.add("GRANT SELECT, INSERT, UPDATE, DELETE ON " + rs.getString(1) + " TO " + RUNNER);
            }
        }
        return sql;
    }
}
