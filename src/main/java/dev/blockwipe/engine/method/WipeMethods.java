package dev.blockwipe.engine.method;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** The methods Blockwipe offers, and the parser for custom pass lists. */
public final class WipeMethods {
    private static final PassSpec ZERO = fixed(0x00);
    private static final PassSpec ONES = fixed(0xFF);
    private static final PassSpec RANDOM = new PassSpec.RandomStream();
    private static final PassSpec RANDOM_BYTE = new PassSpec.RandomByte();

    private static final List<WipeMethod> ALL = Stream.concat(Stream.of(
            overwrite("zero", "Zero fill", "One pass of zeroes. Fast; leaves the device blank.",
                    List.of(ZERO), NistClass.CLEAR, false, "NIST SP 800-88 Rev. 1, §2.4 and Appendix A (Clear: overwrite)"),
            overwrite("one", "One fill", "One pass of 0xFF bytes.",
                    List.of(ONES), NistClass.CLEAR, false, "NIST SP 800-88 Rev. 1, Appendix A (Clear: overwrite)"),
            overwrite("random", "Random data", "One pass of AES-256-CTR random data.",
                    List.of(RANDOM), NistClass.CLEAR, false, "NIST SP 800-88 Rev. 1, Appendix A (Clear: overwrite)"),
            overwrite("nist-clear", "NIST 800-88 Clear", "One pass of random data, then a read-back verification.",
                    List.of(RANDOM), NistClass.CLEAR, true, "NIST SP 800-88 Rev. 1, §2.4, §4.7 (verification) and Appendix A"),
            overwrite("dod-short", "DoD 5220.22-M (3 passes)",
                    "A random byte, its complement, then random data.",
                    List.of(RANDOM_BYTE, new PassSpec.ComplementOf(0), RANDOM), NistClass.CLEAR, false,
                    "DoD 5220.22-M (1995), Table C, method (d); as nwipe's \"DoD Short\""),
            overwrite("dod", "DoD 5220.22-M ECE (7 passes)",
                    "The 3-pass DoD sequence, then a random byte, another random byte, its complement and random data.",
                    List.of(RANDOM_BYTE, new PassSpec.ComplementOf(0), RANDOM,
                            RANDOM_BYTE, RANDOM_BYTE, new PassSpec.ComplementOf(4), RANDOM),
                    NistClass.CLEAR, false, "DoD 5220.22-M ECE (1995 supplement); as nwipe's \"DoD 5220.22-M\""),
            gutmann(),
            overwrite("schneier", "Schneier (7 passes)", "0xFF, 0x00, then five passes of random data.",
                    List.of(ONES, ZERO, RANDOM, RANDOM, RANDOM, RANDOM, RANDOM), NistClass.CLEAR, false,
                    "B. Schneier, Applied Cryptography, 2nd ed. (1996), §10.9"),
            overwrite("hmg-is5-enhanced", "HMG IS5 Enhanced (3 passes)",
                    "0x00, 0xFF, random data, then a read-back verification.",
                    List.of(ZERO, ONES, RANDOM), NistClass.CLEAR, true,
                    "UK HMG Infosec Standard 5, Enhanced Standard"),
            overwrite("vsitr", "BSI VSITR (7 passes)", "0x00, 0xFF three times over, then 0xAA.",
                    List.of(ZERO, ONES, ZERO, ONES, ZERO, ONES, fixed(0xAA)), NistClass.CLEAR, false,
                    "BSI, Richtlinien zum Geheimschutz von Verschlusssachen beim Einsatz von IT (VSITR, 1999)"),
            range("zeroout", "Zero-out (device offload)",
                    "The device writes the zeroes itself (BLKZEROOUT; fallocate ZERO_RANGE on files), then Blockwipe reads them back.",
                    Technique.ZERO_OUT, NistClass.CLEAR, "Linux block layer, BLKZEROOUT (include/uapi/linux/fs.h)"),
            range("discard", "Discard (TRIM)",
                    "Unmaps every block (BLKDISCARD; punch hole on files). Not a sanitization method unless the read-back shows zeroes.",
                    Technique.DISCARD, NistClass.NONE, "Linux block layer, BLKDISCARD (include/uapi/linux/fs.h)"),
            range("secure-discard", "Secure discard",
                    "Unmaps every block and has the device erase the old data (BLKSECDISCARD; eMMC and a few others).",
                    Technique.SECURE_DISCARD, NistClass.CLEAR, "Linux block layer, BLKSECDISCARD (include/uapi/linux/fs.h)")),
            Arrays.stream(FirmwareMethod.values()).map(WipeMethods::firmware)).toList();

    private WipeMethods() {
    }

    public static List<WipeMethod> all() {
        return ALL;
    }

    public static Optional<WipeMethod> byName(String name) {
        return ALL.stream().filter(m -> m.name().equals(name.toLowerCase(Locale.ROOT))).findFirst();
    }

    public static List<String> names() {
        return ALL.stream().map(WipeMethod::name).toList();
    }

    /**
     * A method from a pass list such as {@code 0x00,0xff,random,0x924924}: each item is {@code random}
     * or {@code 0x} followed by one or more whole bytes in hex.
     *
     * @throws IllegalArgumentException naming the item that is wrong
     */
    public static WipeMethod custom(String passList) {
        List<PassSpec> passes = new ArrayList<>();
        for (String raw : passList.split(",", -1)) {
            String item = raw.trim().toLowerCase(Locale.ROOT);
            if (item.equals("random")) {
                passes.add(RANDOM);
            } else if (item.matches("0x([0-9a-f]{2})+")) {
                passes.add(new PassSpec.Fixed(new Pattern.Repeating(HexFormat.of().parseHex(item.substring(2)))));
            } else {
                throw new IllegalArgumentException("bad pass '" + raw.trim() + "' in '" + passList
                        + "': each pass is 'random' or 0x followed by whole hex bytes (0x00, 0xff, 0x924924)");
            }
        }
        return new WipeMethod("custom", "Custom (" + passes.size() + " passes)", "Passes: " + passList,
                passes, WipeMethod.PassRange.NONE, Technique.OVERWRITE, NistClass.CLEAR, false, "user-defined");
    }

    private static WipeMethod gutmann() {
        List<PassSpec> passes = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            passes.add(RANDOM);
        }
        int[][] middle = {
            {0x55}, {0xAA}, {0x92, 0x49, 0x24}, {0x49, 0x24, 0x92}, {0x24, 0x92, 0x49},
            {0x00}, {0x11}, {0x22}, {0x33}, {0x44}, {0x55}, {0x66}, {0x77}, {0x88}, {0x99}, {0xAA}, {0xBB},
            {0xCC}, {0xDD}, {0xEE}, {0xFF},
            {0x92, 0x49, 0x24}, {0x49, 0x24, 0x92}, {0x24, 0x92, 0x49},
            {0x6D, 0xB6, 0xDB}, {0xB6, 0xDB, 0x6D}, {0xDB, 0x6D, 0xB6},
        };
        for (int[] unit : middle) {
            passes.add(fixed(unit));
        }
        for (int i = 0; i < 4; i++) {
            passes.add(RANDOM);
        }
        return new WipeMethod("gutmann", "Gutmann (35 passes)",
                "4 random passes, the 27 MFM/RLL patterns in random order, 4 random passes. Meant for 1990s drives.",
                passes, new WipeMethod.PassRange(4, 31), Technique.OVERWRITE, NistClass.CLEAR, false,
                "P. Gutmann, Secure Deletion of Data from Magnetic and Solid-State Memory (USENIX Security 1996), Table 1");
    }

    private static WipeMethod overwrite(String name, String title, String description, List<PassSpec> passes,
                                        NistClass nist, boolean verificationRequired, String source) {
        return new WipeMethod(name, title, description, passes, WipeMethod.PassRange.NONE, Technique.OVERWRITE,
                nist, verificationRequired, source);
    }

    /** Range methods leave zeroes where they work; that is what their read-back expects. */
    private static WipeMethod range(String name, String title, String description, Technique technique,
                                    NistClass nist, String source) {
        return new WipeMethod(name, title, description, List.of(ZERO), WipeMethod.PassRange.NONE, technique,
                nist, false, source);
    }

    /**
     * A drive's own erase: NIST Purge. Its one pass stands for what the blocks read as afterwards
     * where the drive defines it (zeroes, the usual case; the job takes the drive's word at run time).
     */
    private static WipeMethod firmware(FirmwareMethod m) {
        return new WipeMethod(m.cliName(), m.title(), m.description(), List.of(ZERO), WipeMethod.PassRange.NONE,
                Technique.FIRMWARE, NistClass.PURGE, false, m.source());
    }

    /** The firmware methods, each offered only where the drive supports it. */
    public static List<WipeMethod> firmware() {
        return ALL.stream().filter(m -> m.technique() == Technique.FIRMWARE).toList();
    }

    private static PassSpec fixed(int... unit) {
        return new PassSpec.Fixed(Pattern.Repeating.of(unit));
    }
}
