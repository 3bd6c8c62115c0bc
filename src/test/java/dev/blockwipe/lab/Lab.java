package dev.blockwipe.lab;

import dev.blockwipe.testing.Sh;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lab from the host's side: a QEMU guest with Debian's stock kernel over this machine's root
 * ({@code src/test/vm/lab.sh}), given the controllers and disks a scenario needs, in which scenario
 * classes ({@code *InGuest}) run as root with the test classpath ({@link GuestMain}). The disk
 * images live in the test's folder on the host; nothing else of the host is touched.
 */
public final class Lab {
    /** QEMU boots in seconds; a scenario with a JVM under emulation takes a few minutes at most. */
    private static final Duration TIMEOUT = Duration.ofMinutes(12);
    private static final Path SCRIPTS = Path.of(System.getProperty("user.dir"), "src/test/vm");
    private static final Pattern EXIT = Pattern.compile("LAB-EXIT (\\d+)");

    private final Path dir;
    private final List<String> qemu = new ArrayList<>();
    private int drives;

    private Lab(Path dir) {
        this.dir = dir;
    }

    /** What a guest printed, and how the command in it ended (125 when the guest did not get that far). */
    public record Run(int status, String console) {
        /** The lines the scenarios printed about their tests, for a failure message. */
        public String tests() {
            return console.lines().filter(l -> l.startsWith("LAB-TEST") || l.startsWith("LAB-SUMMARY") || l.startsWith("lab:"))
                    .reduce("", (a, b) -> a + b + "\n");
        }

        /** The figures the scenarios measured ({@code LAB-FIGURE what: value}), for the test's output. */
        public String figures() {
            return console.lines().filter(l -> l.startsWith("LAB-FIGURE")).reduce("", (a, b) -> a + b + "\n");
        }
    }

    /**
     * A lab whose disk images go into {@code dir}. Skips the calling test, saying why, where the lab
     * cannot run (not root, no QEMU and no package archive to install it from); in CI it fails.
     */
    public static Lab in(Path dir) {
        Sh.require(Sh.isRoot(), "the lab needs root: QEMU with the host's root file system, and Debian's kernel package");
        String prepared;
        try {
            prepared = run(Duration.ofMinutes(10), "bash", SCRIPTS.resolve("lab.sh").toString(), "prepare");
        } catch (IOException e) {
            prepared = e.getMessage();
        }
        Sh.require(prepared == null, "the lab cannot be prepared here: " + prepared);
        return new Lab(dir);
    }

    /** An NVMe controller with {@code serial} and one namespace per size, each with its EUI-64 (from 0x...01 on). */
    public Lab nvme(String serial, long... namespaceSizes) throws IOException {
        String controller = "nvme" + drives;
        qemu.addAll(List.of("-device", "nvme,serial=" + serial + ",id=" + controller));
        for (int n = 0; n < namespaceSizes.length; n++) {
            String drive = drive(namespaceSizes[n]);
            qemu.addAll(List.of("-device", "nvme-ns,drive=" + drive + ",bus=" + controller + ",nsid=" + (n + 1)
                    + ",eui64=0x" + String.format("%016x", 0x5c0ffee000000001L + n)));
        }
        return this;
    }

    /** A disk on an AHCI (SATA) controller: rotating, or an SSD; its WWN as the drive reports it (0: none). */
    public Lab sata(String serial, String model, long size, boolean ssd, long wwn) throws IOException {
        String drive = drive(size);
        String controller = "ahci" + drives;
        qemu.addAll(List.of("-device", "ahci,id=" + controller, "-device", "ide-hd,drive=" + drive + ",bus=" + controller
                + ".0,serial=" + serial + ",model=" + model + (wwn != 0 ? ",wwn=0x" + Long.toHexString(wwn) : "")
                + (ssd ? ",rotation_rate=1" : "")));
        return this;
    }

    /** A USB disk (mass storage) behind an XHCI controller, with the USB serial number {@code serial}. */
    public Lab usb(String serial, long size) throws IOException {
        String drive = drive(size);
        qemu.addAll(List.of("-device", "qemu-xhci,id=xhci" + drives, "-device", "usb-storage,bus=xhci" + drives
                + ".0,drive=" + drive + ",serial=" + serial));
        return this;
    }

    /** Boots the guest with the devices so far and runs {@code scenarios} in it. */
    public Run run(Class<?>... scenarios) throws IOException, InterruptedException {
        Path classpath = Files.writeString(dir.resolve("classpath"), System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of("bash", SCRIPTS.resolve("lab.sh").toString(), "run",
                "env", "JAVA=" + Path.of(System.getProperty("java.home"),
                        "bin", "java"), "BLOCKWIPE_JAR=" + System.getProperty("blockwipe.jar", ""),
                "bash", SCRIPTS.resolve("guest.sh").toString(), classpath.toString()));
        Arrays.stream(scenarios).map(Class::getName).forEach(command::add);
        command.add("--");
        command.addAll(qemu);
        Path console = dir.resolve("console.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        if (!p.waitFor(TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
            p.destroyForcibly();
        }
        String out = Files.readString(console, StandardCharsets.UTF_8);
        Matcher m = EXIT.matcher(out);
        int status = 125;
        while (m.find()) {
            status = Integer.parseInt(m.group(1));
        }
        return new Run(status, out);
    }

    private String drive(long size) throws IOException {
        String id = "d" + drives++;
        Path image = dir.resolve(id + ".img");
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(size);
        }
        qemu.addAll(List.of("-drive", "file=" + image + ",if=none,id=" + id + ",format=raw"));
        return id;
    }

    /** Runs a host command to its end; null when it succeeded, else what it printed. */
    private static String run(Duration limit, String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "timed out after " + limit.toSeconds() + " s";
            }
            return p.exitValue() == 0 ? null : out.strip();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
