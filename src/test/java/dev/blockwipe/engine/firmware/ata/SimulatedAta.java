package dev.blockwipe.engine.firmware.ata;

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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A SATA drive behind a SCSI/ATA translator, built from ACS-3 and SAT-4, over a disk image of
 * 512-byte sectors. It decodes ATA PASS-THROUGH (16) CDBs itself, byte by byte, and answers as
 * libata does: GOOD, or CHECK CONDITION with the ATA Status Return descriptor (descriptor-format
 * sense) or the ATA fields of fixed-format sense, ABRT in ERROR and ERR in STATUS for an error.
 *
 * <p>What it models:
 * <ul>
 * <li>Security (ACS-3 4.18, states SEC1 to SEC6): SET PASSWORD, UNLOCK, ERASE PREPARE, ERASE UNIT
 *     (only right after ERASE PREPARE; normal erase writes zeroes, enhanced 0x5A; both clear the
 *     password), DISABLE PASSWORD, FREEZE LOCK; five wrong passwords expire the counter. ERASE UNIT
 *     with no password set aborts (real drives differ there; Blockwipe never sends it so).</li>
 * <li>Sanitize (ACS-3 4.17): CRYPTO SCRAMBLE (random bytes), BLOCK ERASE (0xFF bytes), OVERWRITE
 *     (its pattern, little-endian, passes and inversion), each ending after a number of SANITIZE
 *     STATUS EXT polls and surviving {@link #powerCycle()}; a failing sanitize (the drive then
 *     aborts SANITIZE STATUS EXT with reason 1); FREEZE LOCK.</li>
 * <li>Host protected area (READ NATIVE MAX ADDRESS EXT) and DEVICE CONFIGURATION IDENTIFY.</li>
 * </ul>
 * Configure it with the fluent methods before use; {@link #commands()} lists what it received.
 */
public final class SimulatedAta implements DeviceCommands {
    public static final int SECTOR = 512;

    /** The sense data format the translator answers in. */
    public enum SenseFormat { DESCRIPTOR, FIXED }

    private static final int GOOD_STATUS = 0x50;
    private static final int ERROR_STATUS = 0x51;
    private static final int ABRT = 0x04;
    private static final int IDNF = 0x10;
    private static final int RECOVERED_ERROR = 0x1;
    private static final int ILLEGAL_REQUEST = 0x5;
    private static final int ABORTED_COMMAND = 0xB;

    private final byte[] disk;
    private final long diskSectors;
    private final List<String> commands = new ArrayList<>();
    private final Map<Integer, Integer> aborts = new HashMap<>();
    private final Set<Integer> transportFailures = new HashSet<>();

    private String model = "Simulated SATA SSD";
    private String serial = "SIM-ATA-0001";
    private String firmware = "SIM1.0";
    private int rotationRate = 1;
    private boolean qemu;
    private boolean lying;
    private SenseFormat senseFormat = SenseFormat.DESCRIPTOR;
    private SenseFormat usbBridge;

    private boolean securitySupported = true;
    private boolean enhancedErase = true;
    private int normalEraseWord = 1;
    private int enhancedEraseWord = 2;
    private byte[] userPassword;
    private byte[] masterPassword = new byte[32];
    private boolean locked;
    private boolean frozen;
    private boolean keepsPassword;
    private int attemptsLeft = 5;

    private boolean sanitizeCrypto = true;
    private boolean sanitizeBlock = true;
    private boolean sanitizeOverwrite = true;
    private boolean sanitizeFrozen;
    private boolean sanitizeFails;
    private int sanitizePolls = 4;
    private Sanitize sanitizeState = Sanitize.IDLE;
    private boolean lastSanitizeOk;
    private int pollsDone;
    private Runnable pendingSanitize;

    private boolean hpaSupported = true;
    private boolean dcoSupported;
    private long dcoSectors;
    private long nonVolatileMax;
    private long currentMax;
    private int lastCommand = -1;

    private enum Sanitize { IDLE, IN_PROGRESS, FAILED }

    private record Answer(boolean error, int errorBits, int count, long lba) {
        static Answer ok() {
            return new Answer(false, 0, 0, 0);
        }

        static Answer ok(int count, long lba) {
            return new Answer(false, 0, count, lba);
        }

        static Answer abort() {
            return new Answer(true, ABRT, 0, 0);
        }

        static Answer abort(long reason) {
            return new Answer(true, ABRT, 0, reason);
        }
    }

    private SimulatedAta(byte[] disk) {
        if (disk.length == 0 || disk.length % SECTOR != 0) {
            throw new IllegalArgumentException("a disk image is whole 512-byte sectors");
        }
        this.disk = disk;
        this.diskSectors = disk.length / SECTOR;
        this.nonVolatileMax = diskSectors;
        this.currentMax = diskSectors;
    }

    /** A SATA SSD with every feature: security with enhanced erase, all three sanitize kinds, HPA support. */
    public static SimulatedAta ssd(byte[] disk) {
        return new SimulatedAta(disk);
    }

    /**
     * QEMU's IDE/AHCI disk as hw/ide/core.c identifies it: no security, no sanitize, the HPA bit
     * (word 82 bit 10) clear, no DCO, no integrity word, and SET MAX ADDRESS aborted.
     */
    public static SimulatedAta qemu(byte[] disk) {
        SimulatedAta d = new SimulatedAta(disk).withoutSecurity().withoutSanitize();
        d.qemu = true;
        d.hpaSupported = false;
        d.model = "QEMU HARDDISK";
        d.serial = "QM00001";
        d.firmware = "2.5+";
        return d;
    }

    // ---- configuration

    public SimulatedAta identity(String model, String serial, String firmware) {
        this.model = model;
        this.serial = serial;
        this.firmware = firmware;
        return this;
    }

    /** Word 217: 1 non-rotating, 7200 a disk. */
    public SimulatedAta rotationRate(int rpm) {
        this.rotationRate = rpm;
        return this;
    }

    public SimulatedAta withoutSecurity() {
        securitySupported = false;
        enhancedErase = false;
        normalEraseWord = 0;
        enhancedEraseWord = 0;
        return this;
    }

    public SimulatedAta withoutEnhancedErase() {
        enhancedErase = false;
        enhancedEraseWord = 0;
        return this;
    }

    /** Words 89 and 90 as the drive states them (units of two minutes; bit 15 the extended format). */
    public SimulatedAta eraseTimeWords(int normal, int enhanced) {
        normalEraseWord = normal;
        enhancedEraseWord = enhanced;
        return this;
    }

    /** A quirk: SECURITY ERASE UNIT leaves the user password set, against ACS-3. */
    public SimulatedAta keepsPasswordAfterErase() {
        keepsPassword = true;
        return this;
    }

    /** SEC2: a BIOS sent SECURITY FREEZE LOCK at boot. */
    public SimulatedAta securityFrozen() {
        frozen = true;
        return this;
    }

    /** SEC4: someone set a user password and the drive was powered on since. */
    public SimulatedAta lockedWith(String password) {
        userPassword = password(password);
        locked = true;
        return this;
    }

    /** Locked, and five wrong passwords were tried since power-on. */
    public SimulatedAta passwordCountExpired() {
        lockedWith("someone else's");
        attemptsLeft = 0;
        return this;
    }

    public SimulatedAta sanitizeSupport(boolean crypto, boolean block, boolean overwrite) {
        sanitizeCrypto = crypto;
        sanitizeBlock = block;
        sanitizeOverwrite = overwrite;
        return this;
    }

    public SimulatedAta withoutSanitize() {
        return sanitizeSupport(false, false, false);
    }

    /** SANITIZE FREEZE LOCK EXT was sent since power-on. */
    public SimulatedAta sanitizeFrozen() {
        sanitizeFrozen = true;
        return this;
    }

    /** A sanitize ends at the {@code polls}th SANITIZE STATUS EXT after it started (default 4). */
    public SimulatedAta sanitizeTakesPolls(int polls) {
        sanitizePolls = polls;
        return this;
    }

    /** Every sanitize fails at its end, leaving the data as it was. */
    public SimulatedAta sanitizeFails() {
        sanitizeFails = true;
        return this;
    }

    /** A sanitize (block erase) is in progress, as after a power loss during one. */
    public SimulatedAta sanitizeInProgress() {
        startSanitize(() -> Arrays.fill(disk, (byte) 0xFF));
        return this;
    }

    /** The last {@code sectors} sectors hidden by a non-volatile SET MAX ADDRESS. */
    public SimulatedAta hostProtectedArea(long sectors) {
        nonVolatileMax = diskSectors - dcoSectors - sectors;
        currentMax = nonVolatileMax;
        return this;
    }

    /** DCO supported (word 83 bit 11), the last {@code sectors} sectors hidden by it from the native max. */
    public SimulatedAta deviceConfigurationOverlay(long sectors) {
        dcoSupported = true;
        long hpa = diskSectors - dcoSectors - nonVolatileMax;
        dcoSectors = sectors;
        return hostProtectedArea(hpa);
    }

    public SimulatedAta withoutHostProtectedArea() {
        hpaSupported = false;
        return this;
    }

    /** The translator answers in fixed-format sense (D_SENSE clear). */
    public SimulatedAta fixedFormatSense() {
        senseFormat = SenseFormat.FIXED;
        return this;
    }

    /** A USB bridge without SAT: every ATA PASS-THROUGH gets ILLEGAL REQUEST, invalid command operation code. */
    public SimulatedAta usbBridge(SenseFormat format) {
        usbBridge = format;
        return this;
    }

    /**
     * Answers IDENTIFY DEVICE and READ NATIVE MAX ADDRESS EXT truthfully, every other command with
     * success, and changes nothing: SANITIZE STATUS EXT says the last sanitize completed without error.
     */
    public SimulatedAta lying() {
        lying = true;
        return this;
    }

    /** The next {@code times} commands with this opcode are aborted (ABRT) before they change anything. */
    public SimulatedAta abort(int opcode, int times) {
        aborts.put(opcode, times);
        return this;
    }

    /** The next command with this opcode is not delivered: {@link #scsi} throws, as SG_IO does on a timeout. */
    public SimulatedAta failTransport(int opcode) {
        transportFailures.add(opcode);
        return this;
    }

    // ---- events and state

    /**
     * Power off and on: a set password locks the drive, freeze locks and the password counter
     * reset, a volatile max address is lost, a sanitize in progress resumes.
     */
    public void powerCycle() {
        commands.add("power cycle");
        locked = userPassword != null;
        frozen = false;
        attemptsLeft = 5;
        sanitizeFrozen = false;
        currentMax = nonVolatileMax;
        lastCommand = -1;
    }

    /** The image, changed by erases. */
    public byte[] disk() {
        return disk;
    }

    /** Every ATA command received, as "0xB4/0x0012" (COMMAND/FEATURES), and "power cycle". */
    public List<String> commands() {
        return List.copyOf(commands);
    }

    public boolean passwordSet() {
        return userPassword != null;
    }

    public boolean locked() {
        return locked;
    }

    /** The user password, as the drive holds it (32 bytes), or null. */
    public byte[] userPassword() {
        return userPassword == null ? null : userPassword.clone();
    }

    public boolean sanitizing() {
        return sanitizeState == Sanitize.IN_PROGRESS;
    }

    /** IDENTIFY DEVICE data as the drive would return it now. */
    public byte[] identifyData() {
        return new Identify().build();
    }

    // ---- DeviceCommands

    @Override
    public CommandSet commandSet() {
        return CommandSet.SCSI;
    }

    @Override
    public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) throws IOException {
        throw new IOException("a SCSI device takes no NVMe commands");
    }

    @Override
    public ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException {
        byte[] c = command.cdb();
        if ((c[0] & 0xFF) != 0x85 || c.length != 16 || usbBridge != null) {
            commands.add(String.format("refused 0x%02X", c[0] & 0xFF));
            return translatorRefusal(usbBridge == null ? senseFormat : usbBridge, 0x2000);
        }
        int protocol = (c[1] >> 1) & 0x0F;
        boolean extend = (c[1] & 1) != 0;
        boolean ckCond = (c[2] & 0x20) != 0;
        int features = extend ? u(c[3]) << 8 | u(c[4]) : u(c[4]);
        int count = extend ? u(c[5]) << 8 | u(c[6]) : u(c[6]);
        long lba = extend ? (long) u(c[11]) << 40 | (long) u(c[9]) << 32 | (long) u(c[7]) << 24
                | u(c[12]) << 16 | u(c[10]) << 8 | u(c[8])
                : (long) (u(c[13]) & 0x0F) << 24 | u(c[12]) << 16 | u(c[10]) << 8 | u(c[8]);
        int device = u(c[13]);
        int opcode = u(c[14]);
        commands.add(String.format("0x%02X/0x%04X", opcode, features));
        if (!transferFits(protocol, c[2], count, command, data)) {
            return translatorRefusal(senseFormat, 0x2400);
        }
        if (transportFailures.remove(opcode)) {
            throw new IOException("SG_IO timed out");
        }
        Answer answer = answer(opcode, features, count, lba, device, extend, data);
        lastCommand = answer.error() ? -1 : opcode;
        if (answer.error() || ckCond) {
            return ScsiResult.checkCondition(sense(answer));
        }
        return ScsiResult.goodStatus();
    }

    /** SAT-4: PIO data-in moves COUNT blocks to the host (T_DIR 1), data-out from it, non-data none. */
    private static boolean transferFits(int protocol, byte flags, int count, ScsiCommand command, byte[] data) {
        boolean toHost = (flags & 0x08) != 0;
        boolean blocks = (flags & 0x04) != 0;
        int tLength = flags & 0x03;
        return switch (protocol) {
            case 3 -> tLength == 0 && command.direction() == DataDirection.NONE;
            case 4, 5 -> blocks && tLength == 2 && (flags & 0x10) == 0 && toHost == (protocol == 4)
                    && count * SECTOR == command.dataLength() && data.length == command.dataLength()
                    && command.direction() == (protocol == 4 ? DataDirection.FROM_DEVICE : DataDirection.TO_DEVICE);
            default -> false;
        };
    }

    private Answer answer(int opcode, int features, int count, long lba, int device, boolean extend, byte[] data) {
        Integer left = aborts.get(opcode);
        if (left != null && left > 0) {
            aborts.put(opcode, left - 1);
            return Answer.abort();
        }
        if (opcode == AtaCommand.IDENTIFY_DEVICE) {
            System.arraycopy(new Identify().build(), 0, data, 0, SECTOR);
            return Answer.ok();
        }
        if (lying) {
            return switch (opcode) {
                case AtaCommand.SANITIZE_DEVICE -> Answer.ok(0x8000, 0xFFFF);
                case AtaCommand.READ_NATIVE_MAX_ADDRESS_EXT -> Answer.ok(0, diskSectors - dcoSectors - 1);
                default -> Answer.ok();
            };
        }
        if (sanitizeState == Sanitize.IN_PROGRESS && opcode != AtaCommand.SANITIZE_DEVICE) {
            return Answer.abort();
        }
        return switch (opcode) {
            case AtaCommand.SECURITY_SET_PASSWORD -> setPassword(data);
            case AtaCommand.SECURITY_UNLOCK -> unlock(data);
            case AtaCommand.SECURITY_ERASE_PREPARE -> frozen ? Answer.abort() : Answer.ok();
            case AtaCommand.SECURITY_ERASE_UNIT -> eraseUnit(data);
            case 0xF5 -> freezeLock();
            case AtaCommand.SECURITY_DISABLE_PASSWORD -> disablePassword(data);
            case AtaCommand.SANITIZE_DEVICE -> extend ? sanitize(features, count, lba) : Answer.abort();
            case AtaCommand.READ_NATIVE_MAX_ADDRESS_EXT -> extend && (device & 0x40) != 0
                    ? Answer.ok(0, diskSectors - dcoSectors - 1) : Answer.abort();
            case AtaCommand.DEVICE_CONFIGURATION -> dcoIdentify(features, data);
            default -> Answer.abort();
        };
    }

    // ---- security (ACS-3 4.18)

    private Answer setPassword(byte[] block) {
        if (!securitySupported || frozen || locked) {
            return Answer.abort();
        }
        if (master(block)) {
            masterPassword = password(block);
        } else {
            userPassword = password(block);
        }
        return Answer.ok();
    }

    private Answer unlock(byte[] block) {
        if (!securitySupported || frozen || attemptsLeft == 0) {
            return Answer.abort();
        }
        if (!matches(block)) {
            return wrongPassword();
        }
        locked = false;
        return Answer.ok();
    }

    private Answer eraseUnit(byte[] block) {
        if (!securitySupported || frozen || attemptsLeft == 0 || lastCommand != AtaCommand.SECURITY_ERASE_PREPARE
                || userPassword == null) {
            return Answer.abort();
        }
        if (!matches(block)) {
            return wrongPassword();
        }
        boolean enhanced = (block[0] & 0x02) != 0;
        Arrays.fill(disk, enhanced ? (byte) 0x5A : 0);
        userPassword = keepsPassword ? userPassword : null;
        locked = false;
        attemptsLeft = 5;
        return Answer.ok();
    }

    private Answer freezeLock() {
        if (!securitySupported || locked) {
            return Answer.abort();
        }
        frozen = true;
        return Answer.ok();
    }

    private Answer disablePassword(byte[] block) {
        if (!securitySupported || frozen || locked || userPassword == null || !matches(block)) {
            return Answer.abort();
        }
        userPassword = null;
        return Answer.ok();
    }

    private boolean matches(byte[] block) {
        byte[] expected = master(block) ? masterPassword : userPassword;
        return expected != null && Arrays.equals(expected, password(block));
    }

    private Answer wrongPassword() {
        attemptsLeft--;
        return Answer.abort();
    }

    private static boolean master(byte[] block) {
        return (block[0] & 1) != 0;
    }

    private static byte[] password(byte[] block) {
        return Arrays.copyOfRange(block, 2, 34);
    }

    private static byte[] password(String password) {
        byte[] block = new byte[SECTOR];
        byte[] bytes = password.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, block, 2, bytes.length);
        return password(block);
    }

    // ---- sanitize (ACS-3 4.17, 7.33)

    private Answer sanitize(int subcommand, int count, long lba) {
        if (!sanitizeCrypto && !sanitizeBlock && !sanitizeOverwrite) {
            return Answer.abort();
        }
        if (subcommand == 0x0000) {
            return sanitizeStatus(count);
        }
        if (subcommand == 0x0020) {
            sanitizeFrozen = true;
            return Answer.ok();
        }
        if (sanitizeState == Sanitize.IN_PROGRESS) {
            return Answer.abort(0);
        }
        if (sanitizeFrozen) {
            return Answer.abort(3);
        }
        return switch (subcommand) {
            case 0x0011 -> start(sanitizeCrypto, lba == 0x43727970L, () -> new Random(7).nextBytes(disk));
            case 0x0012 -> start(sanitizeBlock, lba == 0x426B4572L, () -> Arrays.fill(disk, (byte) 0xFF));
            case 0x0014 -> start(sanitizeOverwrite, lba >>> 32 == 0x4F57, () -> overwrite((int) lba, count));
            default -> Answer.abort(2);
        };
    }

    private Answer start(boolean supported, boolean signed, Runnable effect) {
        if (!supported) {
            return Answer.abort(2);
        }
        if (!signed) {
            return Answer.abort(0);
        }
        startSanitize(effect);
        return Answer.ok();
    }

    private void startSanitize(Runnable effect) {
        sanitizeState = Sanitize.IN_PROGRESS;
        lastSanitizeOk = false;
        pollsDone = 0;
        pendingSanitize = effect;
    }

    private void overwrite(int pattern, int count) {
        int passes = (count & 0x0F) == 0 ? 16 : count & 0x0F;
        boolean invert = (count & 0x80) != 0;
        int last = invert && passes % 2 == 0 ? ~pattern : pattern;
        for (int i = 0; i < disk.length; i++) {
            disk[i] = (byte) (last >>> (8 * (i % 4)));
        }
    }

    private Answer sanitizeStatus(int count) {
        if (sanitizeState == Sanitize.FAILED) {
            if ((count & 1) != 0) {
                sanitizeState = Sanitize.IDLE;
            }
            return Answer.abort(1);
        }
        if (sanitizeState == Sanitize.IN_PROGRESS && ++pollsDone >= sanitizePolls) {
            if (sanitizeFails) {
                sanitizeState = Sanitize.FAILED;
                return Answer.abort(1);
            }
            pendingSanitize.run();
            sanitizeState = Sanitize.IDLE;
            lastSanitizeOk = true;
        }
        boolean running = sanitizeState == Sanitize.IN_PROGRESS;
        int flags = (lastSanitizeOk ? 0x8000 : 0) | (running ? 0x4000 : 0) | (sanitizeFrozen ? 0x2000 : 0);
        return Answer.ok(flags, running ? pollsDone * 0x10000L / sanitizePolls : 0xFFFF);
    }

    // ---- hidden areas

    private Answer dcoIdentify(int features, byte[] data) {
        if (!dcoSupported || features != 0xC2) {
            return Answer.abort();
        }
        int[] words = new int[256];
        words[0] = 0x0002;
        putQuad(words, 3, diskSectors - 1);
        System.arraycopy(bytes(words, true), 0, data, 0, SECTOR);
        return Answer.ok();
    }

    // ---- answers

    private byte[] sense(Answer a) {
        int status = a.error() ? ERROR_STATUS : GOOD_STATUS;
        int key = a.error() ? ABORTED_COMMAND : RECOVERED_ERROR;
        int asc = a.error() ? 0x0000 : 0x001D;
        return senseFormat == SenseFormat.DESCRIPTOR ? descriptorSense(key, asc, a, status)
                : fixedSense(key, asc, a, status);
    }

    private static byte[] descriptorSense(int key, int asc, Answer a, int status) {
        byte[] s = new byte[8 + 14];
        s[0] = 0x72;
        s[1] = (byte) key;
        s[2] = (byte) (asc >> 8);
        s[3] = (byte) asc;
        s[7] = 14;
        s[8] = 0x09;
        s[9] = 0x0C;
        s[10] = 1;
        s[11] = (byte) a.errorBits();
        s[12] = (byte) (a.count() >> 8);
        s[13] = (byte) a.count();
        s[14] = (byte) (a.lba() >> 24);
        s[15] = (byte) a.lba();
        s[16] = (byte) (a.lba() >> 32);
        s[17] = (byte) (a.lba() >> 8);
        s[18] = (byte) (a.lba() >> 40);
        s[19] = (byte) (a.lba() >> 16);
        s[20] = 0x40;
        s[21] = (byte) status;
        return s;
    }

    private static byte[] fixedSense(int key, int asc, Answer a, int status) {
        byte[] s = new byte[18];
        s[0] = (byte) 0xF0;
        s[2] = (byte) key;
        s[3] = (byte) a.errorBits();
        s[4] = (byte) status;
        s[5] = 0x40;
        s[6] = (byte) a.count();
        s[7] = 10;
        s[8] = (byte) (0x80 | (a.count() >> 8 != 0 ? 0x40 : 0) | (a.lba() >> 24 != 0 ? 0x20 : 0));
        s[9] = (byte) a.lba();
        s[10] = (byte) (a.lba() >> 8);
        s[11] = (byte) (a.lba() >> 16);
        s[12] = (byte) (asc >> 8);
        s[13] = (byte) asc;
        return s;
    }

    private static ScsiResult translatorRefusal(SenseFormat format, int ascq) {
        byte[] s;
        if (format == SenseFormat.DESCRIPTOR) {
            s = new byte[8];
            s[0] = 0x72;
            s[1] = ILLEGAL_REQUEST;
            s[2] = (byte) (ascq >> 8);
            s[3] = (byte) ascq;
        } else {
            s = new byte[18];
            s[0] = 0x70;
            s[2] = ILLEGAL_REQUEST;
            s[7] = 10;
            s[12] = (byte) (ascq >> 8);
            s[13] = (byte) ascq;
        }
        return ScsiResult.checkCondition(s);
    }

    // ---- IDENTIFY DEVICE (ACS-3 table 45; QEMU's hw/ide/core.c ide_identify for the QEMU disk)

    private final class Identify {
        private final int[] w = new int[256];

        byte[] build() {
            w[0] = 0x0040;
            putString(10, 10, serial);
            putString(23, 4, firmware);
            putString(27, 20, model);
            w[47] = 0x8010;
            w[49] = 0x0300;
            w[53] = 0x0007;
            w[59] = 0x0110 | (sanitizeCrypto || sanitizeBlock || sanitizeOverwrite ? 1 << 12 : 0)
                    | (sanitizeCrypto ? 1 << 13 : 0) | (sanitizeOverwrite ? 1 << 14 : 0) | (sanitizeBlock ? 1 << 15 : 0)
                    | (qemu || !(sanitizeCrypto || sanitizeBlock || sanitizeOverwrite) ? 0 : 1 << 10);
            long small = Math.min(currentMax, 0x0FFFFFFF);
            w[60] = (int) (small & 0xFFFF);
            w[61] = (int) (small >> 16);
            w[80] = qemu ? 0x00F0 : 0x07F0;
            w[82] = qemu ? 0x4021 : 0x4000 | (securitySupported ? 1 << 1 : 0) | (hpaSupported ? 1 << 10 : 0);
            w[83] = qemu ? 0x7400 : 0x4000 | 1 << 10 | (dcoSupported ? 1 << 11 : 0);
            w[84] = 0x4000;
            w[85] = qemu ? 0x4001 : 0x4000 | (userPassword != null ? 1 << 1 : 0) | (hpaSupported ? 1 << 10 : 0);
            w[86] = qemu ? 0x3400 : 1 << 10;
            w[87] = 0x4000;
            w[89] = normalEraseWord;
            w[90] = enhancedEraseWord;
            putQuad(w, 100, currentMax);
            w[106] = qemu ? 0x6000 : 0x4000;
            if (securitySupported) {
                w[128] = 1 | (userPassword != null ? 1 << 1 : 0) | (locked ? 1 << 2 : 0) | (frozen ? 1 << 3 : 0)
                        | (attemptsLeft == 0 ? 1 << 4 : 0) | (enhancedErase ? 1 << 5 : 0);
            }
            w[217] = rotationRate;
            return bytes(w, !qemu);
        }

        private void putString(int word, int words, String text) {
            byte[] padded = new byte[2 * words];
            Arrays.fill(padded, (byte) ' ');
            byte[] chars = text.getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(chars, 0, padded, 0, Math.min(chars.length, padded.length));
            for (int i = 0; i < words; i++) {
                w[word + i] = u(padded[2 * i]) << 8 | u(padded[2 * i + 1]);
            }
        }
    }

    private static void putQuad(int[] words, int at, long value) {
        for (int i = 0; i < 4; i++) {
            words[at + i] = (int) (value >>> (16 * i)) & 0xFFFF;
        }
    }

    /** Little-endian words, with the integrity word (0xA5 and the checksum) when {@code checksum}. */
    private static byte[] bytes(int[] words, boolean checksum) {
        byte[] b = new byte[SECTOR];
        for (int i = 0; i < 256; i++) {
            b[2 * i] = (byte) words[i];
            b[2 * i + 1] = (byte) (words[i] >> 8);
        }
        if (checksum) {
            b[510] = (byte) 0xA5;
            int sum = 0;
            for (int i = 0; i < 511; i++) {
                sum += b[i] & 0xFF;
            }
            b[511] = (byte) -sum;
        }
        return b;
    }

    private static int u(byte b) {
        return b & 0xFF;
    }
}
