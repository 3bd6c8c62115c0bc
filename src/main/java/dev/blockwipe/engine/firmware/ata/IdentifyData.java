package dev.blockwipe.engine.firmware.ata;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * The IDENTIFY DEVICE data (ACS-3 table 45) this module reads: who the drive is, its size, and the
 * security, sanitize and host protected area words.
 *
 * @param model             words 27-46
 * @param serial            words 10-19
 * @param firmware          words 23-26
 * @param lba48             word 83 bit 10: 48-bit addressing
 * @param userSectors       words 100-103 with 48-bit addressing, else 60-61: the sectors the host sees
 * @param logicalSectorSize bytes per logical sector (word 106, words 117-118)
 * @param rotationRate      word 217: 0 not reported, 1 non-rotating, else rpm
 * @param hpaSupported      word 82 bit 10: the Host Protected Area feature set
 * @param dcoSupported      word 83 bit 11: the Device Configuration Overlay feature set
 * @param security          word 128, with words 82 bit 1, 89 and 90
 * @param sanitize          word 59
 */
public record IdentifyData(String model, String serial, String firmware, boolean lba48, long userSectors,
                           int logicalSectorSize, int rotationRate, boolean hpaSupported, boolean dcoSupported,
                           Security security, Sanitize sanitize) {

    /** The INTEGRITY word's signature (word 255 bits 7:0). */
    static final int CHECKSUM_SIGNATURE = 0xA5;

    /**
     * The Security feature set: word 82 bit 1 and word 128.
     *
     * @param supported       word 82 bit 1 (word 128 bit 0 repeats it)
     * @param enabled         word 128 bit 1: a user password is set
     * @param locked          word 128 bit 2
     * @param frozen          word 128 bit 3
     * @param countExpired    word 128 bit 4: five wrong passwords since power-on
     * @param enhancedErase   word 128 bit 5
     * @param normalEraseTime word 89
     * @param enhancedEraseTime word 90
     */
    public record Security(boolean supported, boolean enabled, boolean locked, boolean frozen, boolean countExpired,
                           boolean enhancedErase, EraseTime normalEraseTime, EraseTime enhancedEraseTime) {
    }

    /**
     * A security erase time (words 89 and 90): in the extended format (bit 15) bits 14:0, else bits
     * 7:0, each unit two minutes; 0 not reported; the largest value means "longer than that".
     *
     * @param minutes    the minutes the drive states, 0 when it states none
     * @param moreThan   the drive says it takes longer than {@code minutes}
     */
    public record EraseTime(int minutes, boolean moreThan) {
        static EraseTime of(int word) {
            boolean extended = (word & 0x8000) != 0;
            int value = extended ? word & 0x7FFF : word & 0xFF;
            int largest = extended ? 0x7FFF : 0xFF;
            return new EraseTime(value == largest ? (value - 1) * 2 : value * 2, value == largest);
        }

        public Optional<Duration> estimate() {
            return minutes == 0 ? Optional.empty() : Optional.of(Duration.ofMinutes(minutes));
        }

        /** "about 120 minutes", "more than 508 minutes", "not reported". */
        public String describe() {
            if (minutes == 0) {
                return "not reported";
            }
            return (moreThan ? "more than " : "about ") + minutes + " minutes";
        }
    }

    /**
     * The SANITIZE feature set: word 59.
     *
     * @param supported      bit 12
     * @param cryptoScramble bit 13
     * @param overwrite      bit 14
     * @param blockErase     bit 15
     * @param antifreeze     bit 10: SANITIZE ANTIFREEZE LOCK EXT
     */
    public record Sanitize(boolean supported, boolean cryptoScramble, boolean overwrite, boolean blockErase,
                           boolean antifreeze) {
    }

    /**
     * Parses 512 bytes of IDENTIFY DEVICE data.
     *
     * @throws IOException when word 255 carries the 0xA5 signature and the bytes do not sum to 0
     *                     modulo 256: the data was damaged on the way, and no bit of it can be trusted
     */
    public static IdentifyData parse(byte[] data) throws IOException {
        if (data.length != AtaCommand.BLOCK) {
            throw new IllegalArgumentException("IDENTIFY DEVICE data is 512 bytes, not " + data.length);
        }
        checkIntegrity(data, "IDENTIFY DEVICE");
        Words w = new Words(data);
        boolean lba48 = w.bit(83, 10);
        long sectors = lba48 ? w.quad(100) : w.get(60) | (long) w.get(61) << 16;
        Security security = new Security(w.bit(82, 1), w.bit(128, 1), w.bit(128, 2), w.bit(128, 3), w.bit(128, 4),
                w.bit(128, 5), EraseTime.of(w.get(89)), EraseTime.of(w.get(90)));
        Sanitize sanitize = new Sanitize(w.bit(59, 12), w.bit(59, 13), w.bit(59, 14), w.bit(59, 15), w.bit(59, 10));
        return new IdentifyData(w.string(27, 20), w.string(10, 10), w.string(23, 4), lba48, sectors,
                logicalSectorSize(w), w.get(217), w.bit(82, 10), w.bit(83, 11), security, sanitize);
    }

    /** ACS-3 marks a word valid with bit 15 clear and bit 14 set. */
    private static boolean valid(int word) {
        return (word & 0xC000) == 0x4000;
    }

    private static int logicalSectorSize(Words w) {
        int word106 = w.get(106);
        if (valid(word106) && (word106 & 0x1000) != 0) {
            return (int) (w.get(117) | (long) w.get(118) << 16) * 2;
        }
        return 512;
    }

    /**
     * Checks word 255 of IDENTIFY DEVICE or DEVICE CONFIGURATION IDENTIFY data where it carries the
     * 0xA5 signature: all 512 bytes sum to 0 modulo 256.
     */
    static void checkIntegrity(byte[] data, String what) throws IOException {
        if ((data[510] & 0xFF) != CHECKSUM_SIGNATURE) {
            return;
        }
        int sum = 0;
        for (byte b : data) {
            sum += b & 0xFF;
        }
        if ((sum & 0xFF) != 0) {
            throw new IOException(String.format(
                    "the %s data failed its checksum (word 255: 0x%02X%02X, sum 0x%02X)", what, data[511] & 0xFF, data[510] & 0xFF, sum & 0xFF));
        }
    }

    /** The bytes as ACS-3's little-endian words. */
    private record Words(byte[] data) {
        int get(int word) {
            return (data[2 * word] & 0xFF) | (data[2 * word + 1] & 0xFF) << 8;
        }

        boolean bit(int word, int bit) {
            return (get(word) >> bit & 1) != 0;
        }

        long quad(int word) {
            return get(word) | (long) get(word + 1) << 16 | (long) get(word + 2) << 32 | (long) get(word + 3) << 48;
        }

        /** ATA strings hold their first character in each word's high byte. */
        String string(int word, int words) {
            byte[] chars = new byte[2 * words];
            for (int i = 0; i < words; i++) {
                chars[2 * i] = data[2 * (word + i) + 1];
                chars[2 * i + 1] = data[2 * (word + i)];
            }
            return new String(chars, StandardCharsets.US_ASCII).replace('\0', ' ').strip();
        }
    }
}
