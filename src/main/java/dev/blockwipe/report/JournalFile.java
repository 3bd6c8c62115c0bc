package dev.blockwipe.report;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Arrays;
import java.util.Base64;

/**
 * A journal's file: {@code {"journal": {...}, "signature": "...", "key": "..."}}, one file so that
 * it is replaced in one rename. The signature covers the exact bytes of the "journal" value as
 * they stand in the file, as a certificate's covers its file: reading finds those bytes, checks
 * the signature over them, and only then parses them, so what is trusted is what was signed.
 *
 * <p>Journals of version 1 were signed over Jackson's compact re-serialisation of the parsed
 * "journal" object. They are still read: a journal lives as long as its wipe can be resumed, and a
 * wipe interrupted before an upgrade (days into a large disk) must not have to start over after
 * it. Checking one re-serialises the very tree it then reads, so it trusts only what was signed;
 * the next checkpoint of the resumed wipe writes version 2.
 */
final class JournalFile {
    /** A journal is a few KiB; far more than this is not one of ours, and is not read into memory. */
    static final long MAX_BYTES = 16L << 20;

    private JournalFile() {
    }

    /** The file around a journal: components in the order they are written, the journal first. */
    private record Envelope(JournalDocument journal, String signature, String key) {
    }

    /**
     * @param document the journal as read, or null where it could not be
     * @param signed   whether its signature is the trusted key's
     * @param problem  why it could not be read, or null
     */
    record Opened(JournalDocument document, boolean signed, String problem) {
    }

    /** The file's bytes: the journal signed with {@code key}. */
    static byte[] write(JournalDocument journal, SigningKey key) throws IOException {
        // the journal comes first, so its bytes do not depend on the signature that follows them
        byte[] unsigned = Json.canonical(new Envelope(journal, "", ""));
        byte[] signature = key.sign(journalBytes(unsigned).signed());
        return Json.canonical(new Envelope(journal, Base64.getEncoder().encodeToString(signature), key.fingerprint()));
    }

    /** Reads a journal's file and checks its signature against {@code key}. */
    static Opened read(byte[] file, TrustedKey key) {
        try {
            Parts parts = journalBytes(file);
            byte[] signature = decode(parts.signature());
            if (key.signed(parts.signed(), signature)) {
                JournalDocument journal = Json.mapper().readValue(parts.signed(), JournalDocument.class);
                return journal.version() == JournalDocument.VERSION ? new Opened(journal, true, null)
                        : new Opened(null, false, "journal version " + journal.version() + " is not one this version reads");
            }
            JsonNode tree = Json.mapper().readTree(parts.signed());
            int version = tree.path("version").asInt();
            if (version != JournalDocument.VERSION && version != JournalDocument.RESIGNED_VERSION) {
                return new Opened(null, false, "journal version " + tree.path("version").asText("?")
                        + " is not one this version reads");
            }
            boolean resigned = version == JournalDocument.RESIGNED_VERSION
                    && key.signed(Json.mapper().writeValueAsBytes(tree), signature);
            return new Opened(Json.mapper().treeToValue(tree, JournalDocument.class), resigned, null);
        } catch (IOException e) {
            return new Opened(null, false, e.getMessage());
        }
    }

    /** The bytes of the "journal" value as they stand in the file, and the signature beside them. */
    private record Parts(byte[] signed, String signature) {
    }

    /**
     * Finds the "journal" value's bytes by where the parser met its first and last character, not
     * by re-serialising what it parsed.
     *
     * @throws IOException the file is not JSON, or not one object with "journal" once and strings
     *                     for "signature" and "key"
     */
    private static Parts journalBytes(byte[] file) throws IOException {
        byte[] signed = null;
        String signature = null;
        try (JsonParser p = Json.mapper().getFactory().createParser(file)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a journal file (not a JSON object)");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("journal") && value == JsonToken.START_OBJECT && signed == null) {
                    int start = Math.toIntExact(p.currentTokenLocation().getByteOffset());
                    p.skipChildren();
                    signed = Arrays.copyOfRange(file, start, Math.toIntExact(p.currentLocation().getByteOffset()));
                } else if (field.equals("signature") && value == JsonToken.VALUE_STRING && signature == null) {
                    signature = p.getText();
                } else if (!field.equals("key") || value != JsonToken.VALUE_STRING) {
                    throw new IOException("not a journal file (unexpected or repeated \"" + field + "\")");
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                throw new IOException("not a journal file (something after its object)");
            }
        }
        if (signed == null || signature == null) {
            throw new IOException("not a journal file (no \"journal\" object or no \"signature\")");
        }
        return new Parts(signed, signature);
    }

    private static byte[] decode(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return new byte[0];
        }
    }
}
