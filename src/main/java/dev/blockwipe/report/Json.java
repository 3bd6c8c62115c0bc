package dev.blockwipe.report;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * The process's one Jackson mapper, made on first use, and the one way documents become bytes.
 * Creating the first ObjectMapper costs a noticeable amount of class loading, so it happens once
 * (and early, in the background: see {@link Certifier#prepareInBackground}); it is configured
 * while it is made and never after, which makes it safe to share between threads.
 */
public final class Json {
    private Json() {
    }

    public static ObjectMapper mapper() {
        return Holder.MAPPER;
    }

    /**
     * The exact bytes a signed document is written as, and so the bytes its signature covers:
     * two-space indentation, LF, UTF-8, a final newline. Changing any of this changes the bytes
     * of every document written from then on; documents already written keep theirs.
     */
    public static byte[] canonical(Object document) throws IOException {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        return (mapper().writer(printer).writeValueAsString(document) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static final class Holder {
        static final ObjectMapper MAPPER = new ObjectMapper().registerModule(instants());

        /**
         * Instants as {@link Instant#toString()} writes them (nanoseconds, UTC), which is what every
         * document has carried; Jackson's own java.time module is not on the class path.
         */
        private static SimpleModule instants() {
            return new SimpleModule("instants").addSerializer(Instant.class, ToStringSerializer.instance)
                    .addDeserializer(Instant.class, new FromStringDeserializer<>(Instant.class) {
                        @Override
                        protected Instant _deserialize(String value, DeserializationContext context) {
                            try {
                                return Instant.parse(value);
                            } catch (DateTimeException e) {
                                // Jackson reports an IllegalArgumentException as a bad value, with where it was
                                throw new IllegalArgumentException(e.getMessage(), e);
                            }
                        }
                    });
        }
    }
}
