package dev.blockwipe.engine.firmware.nvme;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Optional;

/**
 * The Sanitize Status log page (log page 81h, NVMe Base Specification 2.0).
 *
 * @param progress    SPROG, bytes 1:0: the fraction done of the sanitize in progress, in 65536ths
 * @param status      SSTAT, bytes 3:2: the state (bits 2:0), overwrite passes completed (bits 7:3),
 *                    global data erased (bit 8)
 * @param lastCdw10   SCDW10, bytes 7:4: CDW10 of the Sanitize command that started the last sanitize
 * @param overwriteSeconds ETOW, bytes 11:8: the estimated time for an overwrite, FFFFFFFFh when none
 * @param blockEraseSeconds ETBE, bytes 15:12
 * @param cryptoEraseSeconds ETCE, bytes 19:16
 */
public record SanitizeStatus(int progress, int status, int lastCdw10, long overwriteSeconds, long blockEraseSeconds,
                             long cryptoEraseSeconds) {
    private static final long NO_ESTIMATE = 0xFFFFFFFFL;

    /** SSTAT bits 2:0. */
    public enum State {
        NEVER("no sanitize has been done"),
        COMPLETED("the most recent sanitize completed successfully"),
        IN_PROGRESS("a sanitize is in progress"),
        FAILED("the most recent sanitize failed, so the drive is in sanitize failure mode"),
        COMPLETED_DEALLOCATED("the most recent sanitize completed successfully and deallocated every block although"
                + " no-deallocate was asked for"),
        RESERVED("the drive reports a reserved sanitize state");

        private final String meaning;

        State(String meaning) {
            this.meaning = meaning;
        }

        public String meaning() {
            return meaning;
        }

        public boolean completed() {
            return this == COMPLETED || this == COMPLETED_DEALLOCATED;
        }
    }

    /** Parses the 512-byte log page. */
    public static SanitizeStatus parse(byte[] data) {
        if (data.length < 20) {
            throw new IllegalArgumentException("the Sanitize Status log is at least 20 bytes, not " + data.length);
        }
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        return new SanitizeStatus(Short.toUnsignedInt(b.getShort(0)), Short.toUnsignedInt(b.getShort(2)), b.getInt(4),
                Integer.toUnsignedLong(b.getInt(8)), Integer.toUnsignedLong(b.getInt(12)),
                Integer.toUnsignedLong(b.getInt(16)));
    }

    public State state() {
        return switch (status & 0b111) {
            case 0 -> State.NEVER;
            case 1 -> State.COMPLETED;
            case 2 -> State.IN_PROGRESS;
            case 3 -> State.FAILED;
            case 4 -> State.COMPLETED_DEALLOCATED;
            default -> State.RESERVED;
        };
    }

    /** SPROG as a fraction from 0 to 1; 1 when no sanitize is in progress. */
    public double fraction() {
        return progress / 65536.0;
    }

    public int overwritePassesCompleted() {
        return (status >> 3) & 0x1F;
    }

    public boolean globalDataErased() {
        return (status & 1 << 8) != 0;
    }

    /** The action of the sanitize that was started last, from SCDW10. */
    public Optional<Sanitize.Action> lastAction() {
        return Sanitize.Action.of(lastCdw10 & 0b111);
    }

    /** The drive's estimate for a sanitize of {@code action}, where it gives one. */
    public Optional<Duration> estimate(Sanitize.Action action) {
        long seconds = switch (action) {
            case OVERWRITE -> overwriteSeconds;
            case BLOCK_ERASE -> blockEraseSeconds;
            case CRYPTO_ERASE -> cryptoEraseSeconds;
            case EXIT_FAILURE_MODE -> NO_ESTIMATE;
        };
        return seconds == NO_ESTIMATE ? Optional.empty() : Optional.of(Duration.ofSeconds(seconds));
    }

    /** "SSTAT 0x0101, the most recent sanitize completed successfully; global data erased". */
    public String describe() {
        String s = String.format("SSTAT 0x%04X, %s", status, state().meaning());
        if (state() == State.IN_PROGRESS) {
            s += String.format(" (%.0f%% done)", fraction() * 100);
        }
        return globalDataErased() ? s + "; global data erased" : s;
    }
}
