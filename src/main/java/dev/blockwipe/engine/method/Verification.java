package dev.blockwipe.engine.method;

import java.util.Locale;

/** Which reads follow the writes. Parsed from "off", "last", "all", "sample:5%". */
public sealed interface Verification {

    /** The option's text, as it parses back. */
    String text();

    record Off() implements Verification {
        @Override
        public String text() {
            return "off";
        }
    }

    /** Read back the whole target after the last pass. */
    record Last() implements Verification {
        @Override
        public String text() {
            return "last";
        }
    }

    /** Read back the whole target after every pass. */
    record All() implements Verification {
        @Override
        public String text() {
            return "all";
        }
    }

    /**
     * After the last pass, read back {@code percent}% of the target in evenly spread blocks at
     * random offsets, always including the first and the last MiB.
     */
    record Sample(double percent) implements Verification {
        public Sample {
            if (!(percent > 0 && percent <= 100)) {
                throw new IllegalArgumentException("sample percentage must be in (0, 100], not " + percent);
            }
        }

        @Override
        public String text() {
            return "sample:" + (percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent)) + "%";
        }
    }

    /** @throws IllegalArgumentException with the accepted forms in the message */
    static Verification parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        String percent = t.startsWith("sample:") && t.endsWith("%") ? t.substring(7, t.length() - 1) : "";
        return switch (t) {
            case "off" -> new Off();
            case "last" -> new Last();
            case "all" -> new All();
            default -> {
                if (!percent.matches("\\d+(\\.\\d+)?")) {
                    throw new IllegalArgumentException(
                            "verification must be off, last, all or sample:N% (e.g. sample:5%), not '" + text + "'");
                }
                yield new Sample(Double.parseDouble(percent));
            }
        };
    }

    default boolean isOff() {
        return this instanceof Off;
    }
}
