package org.fsnbot.intake;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * The HTTP side of following a public-inbox server (lore.kernel.org or a
 * local public-inbox-httpd): the inbox manifest and whole threads as
 * t.mbox.gz. Git traffic goes through JGit, not here.
 */
public final class LoreClient {

    /** A v2 inbox manifest is a few KiB per epoch; lore's biggest inboxes have a few dozen epochs. */
    static final int MAX_MANIFEST_BYTES = 8 << 20;
    /** The biggest lore threads (thousands of replies) are a few MiB compressed, tens uncompressed. */
    static final int MAX_THREAD_GZ_BYTES = 32 << 20;
    static final int MAX_THREAD_BYTES = 256 << 20;

    private final OkHttpClient http;
    private final ObjectMapper json;
    private final MboxReader mbox;

    public LoreClient(OkHttpClient http, ObjectMapper json, MboxReader mbox) {
        this.http = http;
        this.json = json;
        this.mbox = mbox;
    }

    public InboxManifest manifest(HttpUrl inbox) throws IOException {
        HttpUrl url = dir(inbox).resolve("manifest.js.gz");
        return InboxManifest.parse(get(url, MAX_MANIFEST_BYTES).orElseThrow(() -> new IOException(url + ": 404 (not a public-inbox?)")),
                json);
    }

    /** The URL JGit fetches an epoch from. */
    public HttpUrl epochUrl(HttpUrl inbox, InboxManifest.Epoch e) {
        return inbox.resolve(e.path());
    }

    /**
     * Every message of the thread holding messageId, from the inbox given
     * (normally lore's "all"); empty when the server does not know it.
     * Messages that cannot be parsed are left out.
     */
    public List<PatchMail> thread(HttpUrl inbox, String messageId) throws IOException {
        String bare = messageId.replaceAll("^<|>$", "");
        HttpUrl url = dir(inbox).newBuilder().addPathSegment(bare).addPathSegment("t.mbox.gz").build();
        Optional<byte[]> gz = get(url, MAX_THREAD_GZ_BYTES);
        if (gz.isEmpty()) {
            return List.of();
        }
        byte[] text;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz.get()))) {
            text = atMost(in, MAX_THREAD_BYTES, url + " (uncompressed)");
        }
        List<PatchMail> out = new ArrayList<>();
        for (byte[] raw : MboxReader.split(text)) {
            try {
                out.add(mbox.parse(raw));
            } catch (MalformedMailException | RuntimeException | StackOverflowError e) {
                // One bad message in someone's thread does not hide the rest of it.
            }
        }
        return out;
    }

    private static HttpUrl dir(HttpUrl inbox) {
        return inbox.encodedPath().endsWith("/") ? inbox : inbox.newBuilder().addPathSegment("").build();
    }

    /** Reads at most limit bytes: a server (or a gzip bomb) cannot make fsnbot hold more. */
    static byte[] atMost(InputStream in, int limit, String what) throws IOException {
        byte[] b = in.readNBytes(limit + 1);
        if (b.length > limit) {
            throw new IOException(what + ": more than " + limit + " bytes, not read");
        }
        return b;
    }

    private Optional<byte[]> get(HttpUrl url, int limit) throws IOException {
        Request req = new Request.Builder().url(url).header("User-Agent", "fsnbot/0.1").build();
        try (Response r = http.newCall(req).execute()) {
            if (r.code() == 404 || r.code() == 410) {
                return Optional.empty();
            }
            if (!r.isSuccessful()) {
                throw new IOException(url + ": HTTP " + r.code());
            }
            ResponseBody body = r.body();
            try (InputStream in = body.byteStream()) {
                return Optional.of(atMost(in, limit, url.toString()));
            }
        }
    }
}
