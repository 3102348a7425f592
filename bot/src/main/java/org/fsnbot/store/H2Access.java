package org.fsnbot.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HexFormat;
import org.h2.engine.SysProperties;
import org.h2.jdbcx.JdbcDataSource;

/**
 * Who may open fsnbot's H2 database, and from where. The files are
 * fsnbot's alone (directory 0700, files 0600); the user has a random
 * password kept in a 0600 file beside the database (a database made
 * before it had one, with the empty password, gets it at the next open);
 * and H2's AUTO_SERVER, through which a second local fsnbot process shares
 * the file, listens on loopback only. H2 takes the address it binds from
 * the h2.bindAddress system property, read once when H2 starts: it is set
 * here before H2's first use, and checked, since a JVM that loaded H2
 * earlier without it would listen on every address.
 */
final class H2Access {

    static final String USER = "fsnbot";
    private static final String LOOPBACK = "127.0.0.1";

    private final Path dir;
    private final Path passwordFile;

    private H2Access(Path dir) {
        this.dir = dir;
        this.passwordFile = dir.resolve("password");
    }

    static H2Access at(Path database) {
        if (System.getProperty("h2.bindAddress") == null) {
            System.setProperty("h2.bindAddress", LOOPBACK);
        }
        if (!LOOPBACK.equals(SysProperties.BIND_ADDRESS)) {
            throw new IllegalStateException("H2 would listen on " + (SysProperties.BIND_ADDRESS == null
                    ? "every address" : SysProperties.BIND_ADDRESS) + ", not loopback only: H2 was started before"
                    + " fsnbot's store (set -Dh2.bindAddress=" + LOOPBACK + ")");
        }
        H2Access a = new H2Access(database.getParent());
        try {
            Files.createDirectories(a.dir);
            Files.setPosixFilePermissions(a.dir, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return a;
    }

    /**
     * The database's password, made on first use; a database that still
     * has the empty password (made before fsnbot set one) is given it.
     */
    String password(JdbcDataSource ds) {
        try {
            String password = readOrMake();
            ds.setPassword(password);
            try (Connection c = ds.getConnection()) {
                c.isValid(1);
                return password;
            } catch (SQLException e) {
                if (!"28000".equals(e.getSQLState())) {
                    throw e;
                }
            }
            ds.setPassword("");
            try (Connection c = ds.getConnection();
                    PreparedStatement st = c.prepareStatement("ALTER USER " + USER + " SET PASSWORD ?")) {
                st.setString(1, password);
                st.execute();
            }
            return password;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new StoreException("opening the database in " + dir, e);
        }
    }

    private String readOrMake() throws IOException {
        if (Files.isRegularFile(passwordFile, LinkOption.NOFOLLOW_LINKS)) {
            return Files.readString(passwordFile).strip();
        }
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        String password = HexFormat.of().formatHex(b);
        Files.writeString(passwordFile, password + "\n", StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
        return password;
    }

    /** Every file of the database directory 0600 (H2 makes them with the process's umask). */
    void closeFiles() {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
