package dev.blockwipe.report;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The process's one Jackson mapper, made on first use. Creating the first ObjectMapper costs a
 * noticeable part of a short command's class loading, so it happens once (and early, in the background: see
 * {@link Certifier#prepareInBackground}); it is never reconfigured, which makes it safe to share
 * between threads.
 */
public final class Json {
    private Json() {
    }

    public static ObjectMapper mapper() {
        return Holder.MAPPER;
    }

    private static final class Holder {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }
}
