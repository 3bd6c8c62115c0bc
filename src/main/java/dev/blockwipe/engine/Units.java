package dev.blockwipe.engine;

import java.math.BigInteger;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Human formats shared by the CLI, the GUI and the reports: sizes in IEC units (as the kernel and
 * lsblk print them), rates in decimal MB/s (as dd, fio and disk datasheets print them).
 */
public final class Units {
    private static final String[] IEC = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([KMGT]?)(i?B)?", Pattern.CASE_INSENSITIVE);

    private Units() {
    }

    /**
     * A name as it may be printed on one line: control characters (a newline in a file name could
     * forge a line "ERASED" of its own, an escape sequence repaint the terminal) as visible escapes,
     * the C1 controls too (U+009B is a CSI to terminals that take 8-bit controls).
     */
    public static String printable(String name) {
        StringBuilder sb = null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c >= 0x7f && c <= 0x9f) {
                if (sb == null) {
                    sb = new StringBuilder(name.substring(0, i));
                }
                sb.append(switch (c) {
                    case '\n' -> "\\n";
                    case '\t' -> "\\t";
                    case '\r' -> "\\r";
                    default -> String.format("\\x%02x", (int) c);
                });
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? name : sb.toString();
    }

    /** 268435456 → "256 MiB", 1536 → "1.5 KiB", 3 → "3 B". */
    public static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < IEC.length - 1) {
            value /= 1024;
            unit++;
        }
        return trim(value) + " " + IEC[unit];
    }

    /** Bytes per second → "850 MB/s", "2.9 GB/s". */
    public static String rate(double bytesPerSecond) {
        if (bytesPerSecond >= 1e9) {
            return trim(bytesPerSecond / 1e9) + " GB/s";
        }
        if (bytesPerSecond >= 1e6) {
            return trim(bytesPerSecond / 1e6) + " MB/s";
        }
        return trim(bytesPerSecond / 1e3) + " kB/s";
    }

    /** "0.4 s", "12 s", "2 m 5 s", "4 h 12 m", "3 d 2 h". */
    public static String duration(Duration d) {
        long ms = Math.max(0, d.toMillis());
        if (ms < 10_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        long s = ms / 1000;
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " m " + s % 60 + " s";
        }
        if (s < 86_400) {
            return s / 3600 + " h " + s % 3600 / 60 + " m";
        }
        return s / 86_400 + " d " + s % 86_400 / 3600 + " h";
    }

    /**
     * Parses "4M", "4MiB", "512K", "1G", "65536" (binary multiples, as dd's bs= does).
     *
     * @throws IllegalArgumentException on anything else, with the text in the message
     */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size: '" + text + "' (examples: 4M, 512K, 1048576)");
        }
        int shift = switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        // as a BigInteger, so that any number of digits is "too large", never Long.parseLong's "For input string"
        BigInteger bytes = new BigInteger(m.group(1)).shiftLeft(shift);
        if (bytes.bitLength() >= Long.SIZE) {
            throw new IllegalArgumentException("size too large: '" + text + "'");
        }
        return bytes.longValue();
    }

    private static String trim(double value) {
        String text = String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.1f", value);
        return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
    }
}
