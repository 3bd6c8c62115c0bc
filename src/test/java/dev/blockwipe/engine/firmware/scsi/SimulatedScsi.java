package dev.blockwipe.engine.firmware.scsi;

import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.NvmeCommand;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A SCSI disk over a {@code byte[]} image, built from SPC-5 and SBC-4 and decoding the CDBs it is
 * sent byte by byte (never through the encoders under test): INQUIRY and the Unit Serial Number
 * page, REPORT SUPPORTED OPERATION CODES in the one-command formats, SANITIZE with its progress in
 * REQUEST SENSE, TEST UNIT READY and the unit attention a power loss leaves. Every other operation
 * code, ATA PASS-THROUGH included, is refused as a SAS drive refuses it: CHECK CONDITION, ILLEGAL
 * REQUEST, INVALID COMMAND OPERATION CODE, fixed format.
 *
 * <p>Configured before use: {@link #supporting}, {@link #vendorSpecific}, {@link #identity},
 * {@link #inquiryVersion}, {@link #sanitizeTakes}, {@link #blockEraseFills}, {@link #failingSanitize},
 * {@link #lying}, {@link #usbBridge}; {@link #powerLoss} happens while it runs.
 */
final class SimulatedScsi implements DeviceCommands {
    static final int BLOCK_LENGTH = 512;
    static final int OVERWRITE = 0x01;
    static final int BLOCK_ERASE = 0x02;
    static final int CRYPTOGRAPHIC_ERASE = 0x03;

    private static final int TEST_UNIT_READY = 0x00;
    private static final int REQUEST_SENSE = 0x03;
    private static final int INQUIRY = 0x12;
    private static final int SANITIZE = 0x48;
    private static final int MAINTENANCE_IN = 0xA3;
    private static final int REPORT_SUPPORTED_OPERATION_CODES = 0x0C;
    private static final int STANDARD = 0b011;
    private static final int VENDOR_SPECIFIC = 0b101;
    private static final int NOT_SUPPORTED = 0b001;
    private static final int NOT_READY = 0x2;
    private static final int MEDIUM_ERROR = 0x3;
    private static final int ILLEGAL_REQUEST = 0x5;
    private static final int UNIT_ATTENTION = 0x6;

    private final byte[] image;
    private final Map<Integer, Integer> sanitizeSupport = new HashMap<>();
    private final List<byte[]> cdbs = new ArrayList<>();
    private final Random random = new Random(36);
    private String vendor = "SEAGATE";
    private String product = "ST4000NM0023";
    private String revision = "0004";
    private String serial = "Z1Z2A3B4";
    private int version = 0x06;
    private int polls = 3;
    private int blockEraseValue = 0x00;
    private boolean failing;
    private boolean lying;
    private boolean usbBridge;

    private Running running;
    private boolean failureMode;
    private boolean unitAttention;

    /** A drive of {@code blocks} logical blocks of 512 bytes holding old data (bytes 0x5A), supporting no sanitize. */
    SimulatedScsi(int blocks) {
        image = new byte[blocks * BLOCK_LENGTH];
        Arrays.fill(image, (byte) 0x5A);
    }

    /** Reports these SANITIZE service actions supported per the standard (SUPPORT 011b) and carries them out. */
    SimulatedScsi supporting(int... serviceActions) {
        Arrays.stream(serviceActions).forEach(sa -> sanitizeSupport.put(sa, STANDARD));
        return this;
    }

    /** Reports this service action supported in a vendor-specific manner (SUPPORT 101b) and carries it out. */
    SimulatedScsi vendorSpecific(int serviceAction) {
        sanitizeSupport.put(serviceAction, VENDOR_SPECIFIC);
        return this;
    }

    /** The INQUIRY strings and the Unit Serial Number page's serial; a null serial leaves the page out. */
    SimulatedScsi identity(String vendor, String product, String revision, String serial) {
        this.vendor = vendor;
        this.product = product;
        this.revision = revision;
        this.serial = serial;
        return this;
    }

    /** The INQUIRY VERSION field (06h SPC-4 unless set). */
    SimulatedScsi inquiryVersion(int version) {
        this.version = version;
        return this;
    }

    /** A sanitize with IMMED set reports progress to this many REQUEST SENSE polls, and ends at the next. */
    SimulatedScsi sanitizeTakes(int polls) {
        this.polls = polls;
        return this;
    }

    /** The byte every block reads as after a BLOCK ERASE (0x00 unless set). */
    SimulatedScsi blockEraseFills(int value) {
        this.blockEraseValue = value;
        return this;
    }

    /** Every sanitize fails at its end: failure mode, MEDIUM ERROR, SANITIZE COMMAND FAILED (31h/03h). */
    SimulatedScsi failingSanitize() {
        this.failing = true;
        return this;
    }

    /** Reports every SANITIZE service action supported and answers SANITIZE GOOD, changing nothing. */
    SimulatedScsi lying() {
        this.lying = true;
        return this;
    }

    /**
     * A USB bridge: passes INQUIRY, TEST UNIT READY and REQUEST SENSE, and refuses every other
     * operation code (REPORT SUPPORTED OPERATION CODES, SANITIZE) as invalid, as QEMU's usb-storage does.
     */
    SimulatedScsi usbBridge() {
        this.usbBridge = true;
        return this;
    }

    /**
     * Power goes off and on: a running sanitize resumes where it was, and the next
     * command but INQUIRY or REQUEST SENSE reports UNIT ATTENTION, POWER ON OR RESET (29h/00h).
     */
    void powerLoss() {
        unitAttention = true;
    }

    byte[] image() {
        return image;
    }

    /** The operation codes received, in order. */
    List<Integer> opcodes() {
        return cdbs.stream().map(c -> c[0] & 0xFF).toList();
    }

    /** The CDBs received, in order. */
    List<byte[]> cdbs() {
        return cdbs.stream().map(byte[]::clone).toList();
    }

    boolean sanitizing() {
        return running != null;
    }

    @Override
    public CommandSet commandSet() {
        return CommandSet.SCSI;
    }

    @Override
    public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) throws IOException {
        throw new IOException("a SCSI drive takes no NVMe commands");
    }

    @Override
    public ScsiResult scsi(ScsiCommand command, byte[] data) {
        if (data.length != command.dataLength()) {
            throw new IllegalArgumentException("data of " + data.length + " bytes for a transfer of "
                    + command.dataLength());
        }
        byte[] cdb = command.cdb();
        cdbs.add(cdb);
        int opcode = cdb[0] & 0xFF;
        if (usbBridge && opcode != INQUIRY && opcode != TEST_UNIT_READY && opcode != REQUEST_SENSE) {
            return checkCondition(ILLEGAL_REQUEST, 0x20, 0x00);
        }
        if (unitAttention && opcode != INQUIRY && opcode != REQUEST_SENSE) {
            unitAttention = false;
            return checkCondition(UNIT_ATTENTION, 0x29, 0x00);
        }
        return switch (opcode) {
            case TEST_UNIT_READY -> testUnitReady();
            case REQUEST_SENSE -> requestSense(cdb, data);
            case INQUIRY -> inquiry(cdb, data);
            case MAINTENANCE_IN -> (cdb[1] & 0x1F) == REPORT_SUPPORTED_OPERATION_CODES
                    ? reportSupportedOperationCodes(cdb, data) : checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
            case SANITIZE -> sanitize(command, cdb, data);
            default -> checkCondition(ILLEGAL_REQUEST, 0x20, 0x00);
        };
    }

    private ScsiResult testUnitReady() {
        if (running != null) {
            return ScsiResult.checkCondition(fixedSense(NOT_READY, 0x04, 0x1B, running.progress()));
        }
        return failureMode ? checkCondition(MEDIUM_ERROR, 0x31, 0x03) : ScsiResult.goodStatus();
    }

    /** REQUEST SENSE: sanitize progress first, then a pending unit attention (which it clears), then the state. */
    private ScsiResult requestSense(byte[] cdb, byte[] data) {
        boolean descriptor = (cdb[1] & 0x01) != 0;
        int allocation = cdb[4] & 0xFF;
        byte[] sense;
        if (running != null) {
            sense = sense(descriptor, NOT_READY, 0x04, 0x1B, running.progress());
            running.poll();
        } else if (unitAttention) {
            unitAttention = false;
            sense = sense(descriptor, UNIT_ATTENTION, 0x29, 0x00, -1);
        } else if (failureMode) {
            sense = sense(descriptor, MEDIUM_ERROR, 0x31, 0x03, -1);
        } else {
            sense = sense(descriptor, 0, 0, 0, -1);
        }
        return answer(sense, Math.min(allocation, data.length), data);
    }

    private ScsiResult inquiry(byte[] cdb, byte[] data) {
        boolean evpd = (cdb[1] & 0x01) != 0;
        int page = cdb[2] & 0xFF;
        int allocation = be16(cdb, 3);
        if (!evpd) {
            return page != 0 ? checkCondition(ILLEGAL_REQUEST, 0x24, 0x00)
                    : answer(standardInquiry(), allocation, data);
        }
        if (page == 0x80 && serial != null) {
            byte[] s = serial.getBytes(StandardCharsets.US_ASCII);
            byte[] vpd = new byte[4 + s.length];
            vpd[1] = (byte) 0x80;
            vpd[3] = (byte) s.length;
            System.arraycopy(s, 0, vpd, 4, s.length);
            return answer(vpd, allocation, data);
        }
        return checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
    }

    private byte[] standardInquiry() {
        byte[] d = new byte[96];
        d[2] = (byte) version;
        d[3] = 0x02;
        d[4] = (byte) (d.length - 5);
        ascii(d, 8, 8, vendor);
        ascii(d, 16, 16, product);
        ascii(d, 32, 4, revision);
        return d;
    }

    /** REPORTING OPTIONS 001b (no service action), 010b (with one), 011b (either); 000b is not simulated. */
    private ScsiResult reportSupportedOperationCodes(byte[] cdb, byte[] data) {
        int options = cdb[2] & 0x07;
        int opcode = cdb[3] & 0xFF;
        int serviceAction = be16(cdb, 4);
        int allocation = be32(cdb, 6);
        boolean hasServiceActions = opcode == SANITIZE || opcode == MAINTENANCE_IN;
        if (options == 0 || options > 3 || options == 1 && hasServiceActions || options == 2 && !hasServiceActions) {
            return checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
        }
        int support;
        byte[] usage = new byte[0];
        if (opcode == SANITIZE) {
            support = lying ? STANDARD : sanitizeSupport.getOrDefault(serviceAction, NOT_SUPPORTED);
            usage = new byte[] {SANITIZE, (byte) (0x80 | 0x20 | serviceAction), 0, 0, 0, 0, 0, (byte) 0xFF,
                (byte) 0xFF, 0};
        } else if (opcode == MAINTENANCE_IN) {
            support = serviceAction == REPORT_SUPPORTED_OPERATION_CODES ? STANDARD : NOT_SUPPORTED;
        } else {
            support = opcode == TEST_UNIT_READY || opcode == REQUEST_SENSE || opcode == INQUIRY
                    ? STANDARD : NOT_SUPPORTED;
        }
        if (support == NOT_SUPPORTED) {
            usage = new byte[0];
        }
        byte[] d = new byte[4 + usage.length];
        d[1] = (byte) support;
        d[3] = (byte) usage.length;
        System.arraycopy(usage, 0, d, 4, usage.length);
        return answer(d, allocation, data);
    }

    private ScsiResult sanitize(ScsiCommand command, byte[] cdb, byte[] data) {
        if (cdb.length != 10) {
            return checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
        }
        boolean immed = (cdb[1] & 0x80) != 0;
        int serviceAction = cdb[1] & 0x1F;
        int parameterListLength = be16(cdb, 7);
        if (running != null) {
            return checkCondition(NOT_READY, 0x04, 0x1B);
        }
        if (!lying && !sanitizeSupport.containsKey(serviceAction)) {
            return checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
        }
        Running erase;
        if (serviceAction == OVERWRITE) {
            if (parameterListLength < 5 || command.direction() != DataDirection.TO_DEVICE
                    || data.length != parameterListLength) {
                return checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
            }
            int count = data[0] & 0x1F;
            int patternLength = be16(data, 2);
            if (count == 0 || patternLength == 0 || patternLength > BLOCK_LENGTH
                    || 4 + patternLength > parameterListLength) {
                return checkCondition(ILLEGAL_REQUEST, 0x26, 0x00);
            }
            erase = new Running(serviceAction, Arrays.copyOfRange(data, 4, 4 + patternLength),
                    (data[0] & 0x80) != 0, count);
        } else if (serviceAction == BLOCK_ERASE || serviceAction == CRYPTOGRAPHIC_ERASE) {
            if (parameterListLength != 0) {
                return checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
            }
            erase = new Running(serviceAction, new byte[0], false, 0);
        } else {
            return checkCondition(ILLEGAL_REQUEST, 0x24, 0x00);
        }
        if (lying) {
            return ScsiResult.goodStatus();
        }
        failureMode = false;
        if (!immed) {
            erase.finish();
            return failureMode ? checkCondition(MEDIUM_ERROR, 0x31, 0x03) : ScsiResult.goodStatus();
        }
        running = erase;
        return ScsiResult.goodStatus();
    }

    /** A sanitize under way: its parameters and the polls it has answered. */
    private final class Running {
        private final int serviceAction;
        private final byte[] pattern;
        private final boolean invert;
        private final int count;
        private int done;

        Running(int serviceAction, byte[] pattern, boolean invert, int count) {
            this.serviceAction = serviceAction;
            this.pattern = pattern;
            this.invert = invert;
            this.count = count;
        }

        int progress() {
            return (int) ((long) done * 65536 / polls);
        }

        void poll() {
            if (++done >= polls) {
                finish();
            }
        }

        void finish() {
            running = null;
            if (failing) {
                failureMode = true;
                return;
            }
            switch (serviceAction) {
                case BLOCK_ERASE -> Arrays.fill(image, (byte) blockEraseValue);
                case CRYPTOGRAPHIC_ERASE -> random.nextBytes(image);
                default -> overwrite();
            }
        }

        /** INVERT: the pattern is inverted between consecutive passes, so the last pass decides. */
        private void overwrite() {
            boolean inverted = invert && count % 2 == 0;
            for (int i = 0; i < image.length; i++) {
                byte b = pattern[(i % BLOCK_LENGTH) % pattern.length];
                image[i] = inverted ? (byte) ~b : b;
            }
        }
    }

    private static byte[] sense(boolean descriptor, int key, int asc, int ascq, int progress) {
        if (!descriptor) {
            return fixedSense(key, asc, ascq, progress);
        }
        byte[] s = new byte[progress >= 0 ? 16 : 8];
        s[0] = 0x72;
        s[1] = (byte) key;
        s[2] = (byte) asc;
        s[3] = (byte) ascq;
        s[7] = (byte) (s.length - 8);
        if (progress >= 0) {
            s[8] = 0x02;
            s[9] = 0x06;
            s[12] = (byte) 0x80;
            s[13] = (byte) (progress >>> 8);
            s[14] = (byte) progress;
        }
        return s;
    }

    private static byte[] fixedSense(int key, int asc, int ascq, int progress) {
        byte[] s = new byte[18];
        s[0] = 0x70;
        s[2] = (byte) key;
        s[7] = 10;
        s[12] = (byte) asc;
        s[13] = (byte) ascq;
        if (progress >= 0) {
            s[15] = (byte) 0x80;
            s[16] = (byte) (progress >>> 8);
            s[17] = (byte) progress;
        }
        return s;
    }

    private static ScsiResult checkCondition(int key, int asc, int ascq) {
        return ScsiResult.checkCondition(fixedSense(key, asc, ascq, -1));
    }

    private static ScsiResult answer(byte[] response, int allocation, byte[] data) {
        int n = Math.min(Math.min(allocation, data.length), response.length);
        System.arraycopy(response, 0, data, 0, n);
        return new ScsiResult(ScsiResult.GOOD, 0, 0, new byte[0], data.length - n);
    }

    private static void ascii(byte[] d, int at, int width, String s) {
        Arrays.fill(d, at, at + width, (byte) ' ');
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, d, at, Math.min(width, b.length));
    }

    private static int be16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | b[at + 1] & 0xFF;
    }

    private static int be32(byte[] b, int at) {
        return be16(b, at) << 16 | be16(b, at + 2);
    }
}
