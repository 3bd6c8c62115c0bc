package dev.blockwipe.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.blockwipe.devices.ClearLimitation;
import dev.blockwipe.devices.HostInfo;
import dev.blockwipe.devices.Transport;
import dev.blockwipe.engine.CancelToken;
import dev.blockwipe.engine.fault.FaultPolicy;
import dev.blockwipe.engine.fault.Temperatures;
import dev.blockwipe.engine.fault.ThermalPause;
import dev.blockwipe.engine.firmware.Smart;
import dev.blockwipe.engine.firmware.nvme.SimulatedNvme;
import dev.blockwipe.engine.job.FinalState;
import dev.blockwipe.engine.job.PassResult;
import dev.blockwipe.engine.job.ThroughputPoint;
import dev.blockwipe.engine.job.WipeEvent;
import dev.blockwipe.engine.job.WipeJob;
import dev.blockwipe.engine.job.WipeListener;
import dev.blockwipe.engine.job.WipeRequest;
import dev.blockwipe.engine.job.WipeResult;
import dev.blockwipe.engine.method.Keystreams;
import dev.blockwipe.engine.method.WipeMethods;
import dev.blockwipe.testing.FaultyTarget;
import dev.blockwipe.testing.MemoryTarget;
import dev.blockwipe.testing.Sh;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.FontMappers;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;

class CertificateTest {
    private static final CertifiedDevice DISK = new CertifiedDevice("HDD", "sata", "WDC WD40EFRX", "ATA", "WD-TEST123",
            "0x50014ee2b5c1a7d2", "82.00A82", "", List.of("sdb1: 3.6 TiB, ext4 \"data\""), List.of("gpt partition table"), " ASSET-0042 ",
            List.of());
    private static final HostInfo HOST = new HostInfo("rack7", "3d1219c7c4c5404aaa1f6d2a48adfda4", "Dell Inc.",
            "PowerEdge R730", "7XYZ123", "CN7016361B0042", "6f1c2d0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f");

    @TempDir
    Path tmp;

    private Settings settings;

    @BeforeEach
    void settings() {
        settings = new Settings(tmp.resolve("config"), tmp.resolve("reports"), tmp.resolve("journals"), new Operator("Ada Tech", "Lab 4"), Sh.uid());
    }

    @Test
    void everyFieldOfTheSchemaIsFilledIn() throws Exception {
        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(certify(null).json()));
        List<String> present = List.of("/schemaVersion", "/id", "/created", "/result/state", "/result/outcome",
                "/result/summary", "/tool/name", "/tool/version", "/tool/build", "/host/hostname", "/host/machineId",
                "/host/systemVendor", "/host/systemProduct", "/host/systemSerial", "/host/boardSerial", "/operator/name", "/operator/organisation",
                "/device/path", "/device/kind", "/device/transport", "/device/model", "/device/vendor", "/device/serial",
                "/device/wwn", "/device/firmware", "/device/assetTag", "/device/sizeBytes", "/device/size", "/device/logicalBlockSize",
                "/device/physicalBlockSize", "/device/identity", "/device/partitionsBefore/0", "/device/signaturesBefore/0",
                "/sanitization/method", "/sanitization/methodTitle", "/sanitization/methodSource",
                "/sanitization/passPatterns/2", "/sanitization/randomData", "/sanitization/nist80088Category",
                "/sanitization/technique", "/sanitization/verification", "/sanitization/verificationResult/passed",
                "/sanitization/verificationResult/bytesVerified", "/sanitization/verificationResult/sampledPercent",
                "/sanitization/ioMode", "/sanitization/started", "/sanitization/finished", "/sanitization/durationSeconds",
                "/sanitization/throughput/averageBytesPerSecond", "/sanitization/throughput/minBytesPerSecond",
                "/sanitization/throughput/maxBytesPerSecond", "/passes/2/profile/0", "/passes/0/started",
                "/passes/0/durationSeconds", "/signing/publicKeyFingerprint", "/runs/0/started", "/runs/0/end",
                "/badSectors/sectors", "/result/resumable");
        for (String pointer : present) {
            JsonNode node = cert.at(pointer);
            assertThat(node.isMissingNode()).as(pointer).isFalse();
            assertThat(node.isContainerNode() ? node.isEmpty() : node.asText().isBlank()).as(pointer + " filled in").isFalse();
        }
        assertThat(cert.at("/result/outcome").asText()).isEqualTo("Erased");
        assertThat(cert.at("/sanitization/nist80088Category").asText()).isEqualTo("Clear");
        assertThat(cert.at("/device/serial").asText()).isEqualTo("WD-TEST123");
        assertThat(cert.at("/device/assetTag").asText()).as("as given, spaces trimmed").isEqualTo("ASSET-0042");
        assertThat(cert.at("/verifierSignOff").has("signature")).isTrue();
        assertThat(cert.at("/limitations").isArray()).as("written, empty, for a disk without one").isTrue();
        assertThat(cert.at("/limitations")).isEmpty();
        assertThat(cert.toString()).as("no key material").doesNotContain("\"key\"");
    }

    @Test
    void theSignatureHoldsAndAnyChangedByteBreaksIt() throws Exception {
        ReportStore.CertificateFiles files = certify(null);
        SigningKey key = SigningKey.loadOrCreate(settings.configDir(), Sh.uid());
        assertThat(verify(files.json(), key.publicKey()).valid()).isTrue();
        byte[] original = Files.readAllBytes(files.json());
        Path copy = files.json().resolveSibling("copy.json");
        Files.copy(files.signature(), copy.resolveSibling("copy.json.sig"));
        for (int i = 0; i < original.length; i++) {
            byte[] edited = original.clone();
            edited[i] ^= 0x01;
            Files.write(copy, edited);
            TrustedKey.Check check = verify(copy, key.publicKey());
            assertThat(check.valid()).as("byte %d changed", i).isFalse();
            assertThat(check.message()).startsWith("TAMPERED");
        }
    }

    @Test
    void aCertificateSignedWithAnotherKeyIsNotTrusted() throws Exception {
        ReportStore.CertificateFiles files = certify(null);
        SigningKey other = SigningKey.loadOrCreate(tmp.resolve("other"), Sh.uid());
        assertThat(verify(files.json(), other.publicKey()).message())
                .startsWith("TAMPERED: signed by key").contains(other.fingerprint());
    }

    @Test
    void aMissingSignatureIsTampered() throws Exception {
        ReportStore.CertificateFiles files = certify(null);
        Files.delete(files.signature());
        assertThat(verify(files.json(), SigningKey.loadOrCreate(settings.configDir(), Sh.uid()).publicKey()).valid())
                .isFalse();
    }

    /** "System: not readable" said why: in the JSON (schema 10) and on the PDF. */
    @Test
    void aMachineWhoseSystemCannotBeReadSaysWhyOnTheCertificateAndItsPdf() throws Exception {
        String why = "no DMI on this machine (/sys/class/dmi/id is missing)";
        HostInfo noDmi = new HostInfo("vm", "3d1219c7c4c5404aaa1f6d2a48adfda4", "", "", "", "", "", why);
        MemoryTarget target = target(null);
        Certifier.Paperwork paperwork = new Certifier(settings, noDmi, BuildInfo.current()).begin(target.info(), DISK);
        ReportStore.CertificateFiles files = paperwork.finish(new WipeJob(WipeRequest.of(WipeMethods.byName("zero")
                .orElseThrow())).run(target, paperwork, new CancelToken())).files();

        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(files.json()));
        assertThat(cert.at("/host/systemUnread").asText()).isEqualTo(why);
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ")).contains("not readable: " + why);
        }
    }

    @Test
    void thePdfReadsAsACertificateWithSerialMethodAndResult() throws Exception {
        ReportStore.CertificateFiles files = certify(null);
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            String text = new PDFTextStripper().getText(pdf);
            assertThat(pdf.getNumberOfPages()).isEqualTo(2);
            assertThat(text).contains("Certificate of Data Sanitization", "ERASED", "WD-TEST123",
                    "DoD 5220.22-M (3 passes)", "NIST SP 800-88", "Clear", "Ada Tech", "Lab 4",
                    "Dell Inc. PowerEdge R730, serial 7XYZ123, board serial CN7016361B0042", "Asset tag",
                    "ASSET-0042",
                    SigningKey.loadOrCreate(settings.configDir(), Sh.uid()).fingerprint().substring(0, 20), "Verified by", "Passes");
            assertThat(text).as("an HDD has no limitation to state").doesNotContain("Limitation");
        }
    }

    @Test
    void aNonRotationalDisksCertificateAndPdfSayWhatTheOverwriteCouldNotReach() throws Exception {
        String limitation = ClearLimitation.of(Transport.NVME, false).orElseThrow();
        CertifiedDevice ssd = new CertifiedDevice("NVMe SSD", "nvme", "Samsung SSD 990 PRO 1TB", "", "S7U5NJ0X123456",
                "eui.002538b231a0b0c1", "4B2QJXD7", "", List.of(), List.of(), "", List.of(limitation));

        ReportStore.CertificateFiles files = certify(null, ssd);

        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(files.json()));
        assertThat(cert.at("/schemaVersion").asInt()).isEqualTo(CertificateDocument.SCHEMA_VERSION);
        assertThat(cert.at("/limitations/0").asText()).isEqualTo(limitation);
        assertThat(cert.at("/sanitization/nist80088Category").asText()).isEqualTo("Clear");
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            String text = new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ");
            assertThat(text).contains("Limitation", "spare, remapped or over-provisioned blocks", "NVMe sanitize");
        }
    }

    /**
     * The drive's own erase on an SSD: the certificate lists the command, the drive's word, every
     * canary and the read-back, says Purge only because all three agree, and carries no overwrite
     * limitation (the drive's erase reaches what an overwrite does not).
     */
    @Test
    void aFirmwareErasesCertificateAndPdfListTheCommandTheCanariesAndWhyItIsPurge() throws Exception {
        MemoryTarget target = target(null);
        target.withCommands(SimulatedNvme.over(target.data()).dlfeat(1).model("Test NVMe").serial("NV42").build());
        String limitation = ClearLimitation.of(Transport.NVME, false).orElseThrow();
        CertifiedDevice ssd = new CertifiedDevice("NVMe SSD", "nvme", "Test NVMe", "", "NV42", "", "1.0", "", List.of(),
                List.of(), "", List.of(limitation));
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), ssd);
        WipeResult result = new WipeJob(WipeRequest.of(WipeMethods.byName("nvme-format-user-data").orElseThrow()))
                .run(target, paperwork, new CancelToken());

        ReportStore.CertificateFiles files = paperwork.finish(result).files();

        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(files.json()));
        assertThat(cert.at("/sanitization/nist80088Category").asText()).isEqualTo("Purge");
        assertThat(cert.path("limitations")).isEmpty();
        JsonNode firmware = cert.path("firmwareErase");
        assertThat(firmware.path("method").asText()).isEqualTo("nvme-format-user-data");
        assertThat(firmware.path("drive").asText()).startsWith("Test NVMe, serial NV42");
        assertThat(firmware.path("command").asText()).startsWith("Format NVM (opcode 0x80), NSID 1, SES 1");
        assertThat(firmware.at("/canaries/count").asInt()).isEqualTo(firmware.at("/canaries/planted").size())
                .isEqualTo((int) firmware.at("/canaries/changed").asLong()).isPositive();
        assertThat(firmware.at("/canaries/planted/0/sha256").asText()).hasSize(64);
        assertThat(firmware.path("purge").asText()).isEqualTo("Purge: the drive reported success, canaries 64 of 64"
                + " changed, every byte read back as 0x00");
        assertThat(CertificateDocument.read(Files.readAllBytes(files.json())).firmwareErase().canaries().count())
                .isEqualTo(64);
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            String text = new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ");
            assertThat(text).contains("Drive command", "Format NVM (opcode 0x80)", "Canaries", "64 of 64 changed",
                    "Purge: the drive reported success").doesNotContain("Limitation");
        }
    }

    /**
     * A command's certificate, written with the standard fonts' metrics alone, is byte for byte the
     * one PDFBox writes after looking for system fonts to draw them with (but for the file's random
     * /ID, which differs between any two saves).
     */
    @Test
    void theMetricsOnlyFontsWriteTheSamePdfAsPdfboxsOwnMapper() throws Exception {
        Certificate cert = new Certificate(UUID.fromString("2f0c7c1e-9d7a-4a57-9d0c-3f1b6f0e2a11"),
                Instant.parse("2026-12-04T10:00:00Z"), "0.1.0", "test", HOST, new Operator("Ada Tech", "Lab 4"), DISK, wipe(),
                "SHA256:test", false);
        String pdfboxs = pdfWithoutId(cert);
        try {
            MetricsOnlyFonts.install();
            assertThat(pdfWithoutId(cert).equals(pdfboxs)).as("the same PDF with metrics-only fonts").isTrue();
            COSDictionary other = new COSDictionary();
            other.setName(COSName.BASE_FONT, "Wingdings");
            assertThatThrownBy(() -> new PDType1Font(other)).as("a font the certificate does not use")
                    .isInstanceOf(UnsupportedOperationException.class);
        } finally {
            FontMappers.set(null);
        }
        assertThat(pdfWithoutId(cert).equals(pdfboxs)).as("with PDFBox's own mapper back").isTrue();
    }

    private static String pdfWithoutId(Certificate cert) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new CertificatePdf(cert).write(out);
        String pdf = out.toString(StandardCharsets.ISO_8859_1);
        assertThat(pdf).contains("/ID [<");
        return pdf.replaceAll("/ID \\[<[0-9A-F]+> <[0-9A-F]+>\\]", "/ID []");
    }

    /** The mark is drawn, not embedded: the page's only image would have needed ImageIO, which fails during shutdown. */
    @Test
    void thePdfHeaderCarriesTheApplicationMarkAsVectors() throws Exception {
        ReportStore.CertificateFiles files = certify(null);
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(pdf.getPage(0).getResources().getXObjectNames()).isEmpty();
            BufferedImage page = new PDFRenderer(pdf).renderImage(0, 2);
            int caseColour = markPixel(page, 100, 300);
            int sweptColour = markPixel(page, 300, 130);
            assertThat(caseColour).as("the case, left of the platter").isEqualTo(0x34495e);
            assertThat(sweptColour).as("the swept wedge, top right of the platter").isEqualTo(0xe8553e);
        }
    }

    /**
     * The colour at a point of the mark's 512 grid (icons/blockwipe.svg) on a page rendered at
     * twice 72 dpi: the mark is 36 pt wide, its right edge on the margin, its top 4 pt above it.
     */
    private static int markPixel(BufferedImage page, double gridX, double gridY) {
        double pt = 36.0 / 512;
        double left = PDRectangle.A4.getWidth() - 48 - 36;
        double top = 48 - 4;
        return page.getRGB((int) Math.round(2 * (left + gridX * pt)), (int) Math.round(2 * (top + gridY * pt))) & 0xffffff;
    }

    /** A pass long enough to place on the device: its samples carry offsets, and the PDF draws it by position. */
    @Test
    void theSpeedAcrossTheDeviceIsInTheJsonAndThePdf() throws Exception {
        MemoryTarget target = target(null);
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        WipeResult r = run(target, paperwork, null);
        PassResult p = r.passes().get(0);
        List<ThroughputPoint> profile = IntStream.rangeClosed(1, 40)
                .mapToObj(i -> new ThroughputPoint(i * 0.5, 50e6, i * (p.bytesPlanned() / 40))).toList();
        PassResult measured = new PassResult(p.number(), p.pattern(), p.blanking(), p.stage(), p.bytesPlanned(),
                p.startOffset(), p.bytesWritten(), p.syncedBytes(), p.started(), Duration.ofSeconds(20), p.ioMode(), p.averageRate(),
                p.minRate(), p.maxRate(), profile, p.verification(), p.requests());
        List<PassResult> passes = new ArrayList<>(r.passes());
        passes.set(0, measured);
        ReportStore.CertificateFiles files = paperwork.finish(new WipeResult(r.target(), r.plan(), passes,
                r.verification(), r.state(), r.cause(), r.errors(), r.warnings(), r.unproven(), r.badRanges(),
                r.stalls(), r.temperatures(), r.resumedFrom(), r.started(), r.finished(), null, Smart.unavailable("a test"), Smart.unavailable("a test"))).files();

        JsonNode json = new ObjectMapper().readTree(Files.readAllBytes(files.json()));
        assertThat(json.at("/passes/0/profile/39/2").asLong()).isEqualTo(40 * (p.bytesPlanned() / 40));
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(new PDFTextStripper().getText(pdf)).contains("Speed across the device", "0 to 6 MiB");
        }
    }

    @Test
    void theTemperaturesAndPausesAreInTheJsonAndThePdf() throws Exception {
        MemoryTarget target = target(null);
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        WipeResult r = run(target, paperwork, null);
        Temperatures seen = new Temperatures(12, 38, 61, 41, 60,
                List.of(new ThermalPause(1, 1 << 20, 61, Duration.ofSeconds(190))));
        ReportStore.CertificateFiles files = paperwork.finish(new WipeResult(r.target(), r.plan(), r.passes(),
                r.verification(), r.state(), r.cause(), r.errors(), r.warnings(), r.unproven(), r.badRanges(),
                r.stalls(), seen, r.resumedFrom(), r.started(), r.finished(), null, Smart.unavailable("a test"), Smart.unavailable("a test"))).files();

        JsonNode t = new ObjectMapper().readTree(Files.readAllBytes(files.json())).at("/temperature");
        assertThat(t.get("reported").asBoolean()).isTrue();
        assertThat(t.get("samples").asInt()).isEqualTo(12);
        assertThat(t.get("minCelsius").asInt()).isEqualTo(38);
        assertThat(t.get("maxCelsius").asInt()).isEqualTo(61);
        assertThat(t.get("lastCelsius").asInt()).isEqualTo(41);
        assertThat(t.get("limitCelsius").asInt()).isEqualTo(60);
        assertThat(t.at("/pauses/0/offset").asLong()).isEqualTo(1 << 20);
        assertThat(t.at("/pauses/0/celsius").asInt()).isEqualTo(61);
        assertThat(t.at("/pauses/0/seconds").asDouble()).isEqualTo(190.0);
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(new PDFTextStripper().getText(pdf).replaceAll("\\s+", " ")).contains("Temperature",
                    "38 to 61 °C, last 41 °C (12 readings); limit 60 °C, writes paused once for 3 m 10 s"
                            + " (from 61 °C in pass 1 at offset 1048576)");
        }
    }

    @Test
    void aDriveWithoutASensorIsNotReported() throws Exception {
        ReportStore.CertificateFiles files = certify(null);
        JsonNode t = new ObjectMapper().readTree(Files.readAllBytes(files.json())).at("/temperature");
        assertThat(t.get("reported").asBoolean()).isFalse();
        assertThat(t.get("samples").asInt()).isZero();
        assertThat(t.get("maxCelsius").isNull()).isTrue();
        assertThat(t.get("limitCelsius").isNull()).isTrue();
        assertThat(t.get("pauses")).isEmpty();
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(new PDFTextStripper().getText(pdf)).contains("Temperature not reported");
        }
    }

    @Test
    void aCancelledJobStillGetsACertificateThatSaysSo() throws Exception {
        CancelToken cancel = new CancelToken();
        ReportStore.CertificateFiles files = certify(cancel);
        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(files.json()));
        assertThat(cert.at("/result/state").asText()).isEqualTo("CANCELLED");
        assertThat(cert.at("/result/outcome").asText()).matches("Cancelled at \\d+%, resumable");
        assertThat(cert.at("/result/resumable").asBoolean()).isTrue();
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(new PDFTextStripper().getText(pdf)).contains("CANCELLED AT");
        }
        assertThat(Files.readString(files.log())).contains("started", "cancelled");
        assertThat(journals()).as("kept for --resume").hasSize(1);
    }

    @Test
    void aWipeThatFailsStillEndsWithItsCertificate() throws Exception {
        MemoryTarget target = target(null).failingWriteAt(2 << 20);
        WipeJob stopAtTheFirstError = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow())
                .withBlockSize(1 << 20).withFaults(FaultPolicy.DEFAULT.withStopAtFirst(true)), Keystreams.JCE);

        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        Certifier.Report done = paperwork.finish(stopAtTheFirstError.run(target, paperwork, new CancelToken()));

        assertThat(done.result().state()).isEqualTo(FinalState.FAILED);
        assertThat(done.uncertified()).isNull();
        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(done.files().json()));
        assertThat(cert.at("/result/state").asText()).isEqualTo("FAILED");
        assertThat(Files.readString(done.files().log())).contains("started", "failed");
        assertThat(done.resumable()).isTrue();
    }

    @Test
    void aJobThatThrowsOnceItsLogIsOpenLeavesALogThatSaysWhy() throws Exception {
        MemoryTarget target = target(null);
        WipeListener broken = e -> {
            throw new IllegalStateException("the display broke");
        };

        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        WipeJob job = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()), Keystreams.JCE);

        assertThatThrownBy(() -> job.run(target, WipeListener.all(paperwork, broken), new CancelToken()))
                .hasMessage("the display broke");
        paperwork.abandon(new IllegalStateException("the display broke"));

        try (var reports = Files.list(settings.reportDir())) {
            List<Path> files = reports.toList();
            assertThat(files).as("the log alone: no certificate").hasSize(1);
            assertThat(Files.readString(files.get(0)))
                    .contains("ended without a result, so there is no certificate: the display broke");
        }
    }

    @Test
    void aJobThatRanToItsEndLeavesNoJournal() throws Exception {
        certify(null);
        assertThat(journals()).isEmpty();
    }

    /**
     * A job cancelled part-way, resumed from its journal by a second Certifier (a new process):
     * one certificate that lists both runs, and no journal left.
     */
    @Test
    void theLinesToSignAreOnThePageOfTheSignatureWhereverThePageEnds() throws Exception {
        String note = "a note as long as one line of the certificate's facts, to move what follows it down by a line";
        for (int notes = 0; notes <= 30; notes++) {
            MemoryTarget target = target(null);
            Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
            WipeResult result = run(target, paperwork, null);
            for (int i = 0; i < notes; i++) {
                result = result.withWarning(note);
            }
            ReportStore.CertificateFiles files = paperwork.finish(result).files();
            try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
                PDFTextStripper page = new PDFTextStripper();
                List<String> pages = new ArrayList<>();
                for (int n = 1; n <= pdf.getNumberOfPages(); n++) {
                    page.setStartPage(n);
                    page.setEndPage(n);
                    pages.add(page.getText(pdf));
                }
                assertThat(pages).as("with %d notes", notes).filteredOn(text -> text.contains("Verified by"))
                        .singleElement().satisfies(text -> assertThat(text).contains("Signature and sign-off", "Ed25519"));
            }
        }
    }

    @Test
    void aResumedJobsCertificateCoversEveryRun() throws Exception {
        CancelToken cancel = new CancelToken();
        MemoryTarget target = target(cancel);
        Certifier.Paperwork first = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        first.finish(run(target, first, cancel));

        Certifier again = new Certifier(settings, HOST, BuildInfo.current());
        Journal journal = again.interrupted(target.info(), DISK).orElseThrow();
        Certifier.Paperwork second = again.resume(target.info(), DISK, journal);
        WipeResult result = new WipeJob(journal.request(FaultPolicy.DEFAULT), Keystreams.JCE)
                .resume(target, journal.plan(), journal.resumePoint(), second, new CancelToken());
        ReportStore.CertificateFiles files = second.finish(result).files();

        assertThat(result.state()).isEqualTo(FinalState.ERASED);
        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(files.json()));
        assertThat(cert.at("/runs").size()).isEqualTo(2);
        assertThat(cert.at("/runs/0/end").asText()).isEqualTo("cancelled");
        assertThat(cert.at("/runs/1/fromPass").asInt()).isEqualTo(journal.pass());
        assertThat(cert.at("/runs/1/fromOffset").asLong()).isEqualTo(journal.offset());
        assertThat(cert.at("/runs/1/end").asText()).isEqualTo("Erased");
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(new PDFTextStripper().getText(pdf)).contains("Runs", "written: cancelled", "written: Erased");
        }
        assertThat(journals()).isEmpty();
    }

    @Test
    void badSectorsAreOnTheCertificateMergedAndListed() throws Exception {
        MemoryTarget memory = target(null);
        FaultyTarget target = new FaultyTarget(memory).failingWrites(2 << 20, 1024, "EIO");
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        WipeResult result = new WipeJob(WipeRequest.of(WipeMethods.byName("zero").orElseThrow()).withBlockSize(1 << 20),
                Keystreams.JCE).run(target, paperwork, new CancelToken());
        ReportStore.CertificateFiles files = paperwork.finish(result).files();

        JsonNode cert = new ObjectMapper().readTree(Files.readAllBytes(files.json()));
        assertThat(cert.at("/result/state").asText()).isEqualTo("ERASED_EXCEPT_BAD_SECTORS");
        assertThat(cert.at("/result/outcome").asText()).isEqualTo("Erased except 2 bad sectors (1 KiB)");
        assertThat(cert.at("/badSectors/sectors").asLong()).isEqualTo(2);
        assertThat(cert.at("/badSectors/ranges/0/offset").asLong()).isEqualTo(2 << 20);
        assertThat(cert.at("/badSectors/ranges/0/length").asLong()).isEqualTo(1024);
        assertThat(cert.at("/badSectors/ranges/0/failedTo").asText()).isEqualTo("write");
        try (PDDocument pdf = Loader.loadPDF(files.pdf().toFile())) {
            assertThat(new PDFTextStripper().getText(pdf)).contains("ERASED EXCEPT 2 BAD SECTORS",
                    "1024 bytes at offset 2097152 not written (EIO, pass 1)");
            assertThat(rightmostText(pdf)).as("the banner's long line fits in its box, inside the margin")
                    .isLessThanOrEqualTo(PDRectangle.A4.getWidth() - 48);
        }
        assertThat(Files.readString(files.log())).contains("bad ranges so far: 1024 bytes at offset 2097152");
    }

    /** Where the text that reaches furthest right on any page ends, in points. */
    private static float rightmostText(PDDocument pdf) throws IOException {
        float[] right = {0};
        PDFTextStripper stripper = new PDFTextStripper() {
            @Override
            protected void writeString(String text, List<TextPosition> positions) {
                positions.forEach(p -> right[0] = Math.max(right[0], p.getXDirAdj() + p.getWidthDirAdj()));
            }
        };
        stripper.getText(pdf);
        return right[0];
    }

    private List<Path> journals() throws Exception {
        if (!Files.exists(settings.journalDir())) {
            return List.of();
        }
        try (var list = Files.list(settings.journalDir())) {
            return list.filter(p -> p.getFileName().toString().endsWith(".journal.json")).toList();
        }
    }

    @Test
    void reportsAndTheKeyAreOwnerOnly() throws Exception {
        ReportStore.CertificateFiles files = certify(null);
        assertThat(permissions(settings.reportDir())).isEqualTo("rwx------");
        for (Path f : List.of(files.json(), files.signature(), files.pdf(), files.log())) {
            assertThat(permissions(f)).as(f.toString()).isEqualTo("rw-------");
        }
        assertThat(permissions(settings.configDir())).isEqualTo("rwx------");
        assertThat(permissions(settings.configDir().resolve(SigningKey.PRIVATE_FILE))).isEqualTo("rw-------");
    }

    @Test
    void certificatesNeverOverwriteEachOther() throws Exception {
        ReportStore store = new ReportStore(tmp.resolve("r"));
        Instant now = Instant.now();
        ReportStore.CertificateFiles a = store.reserve(now, "host", "SERIAL", Sh.uid());
        ReportStore.CertificateFiles b = store.reserve(now, "host", "SERIAL", Sh.uid());
        assertThat(a.json()).isNotEqualTo(b.json());
        assertThat(b.json().getFileName().toString()).endsWith("-1.json");
    }

    /** The reports directory went away (or filled up) during the wipe: the certificate goes to the journal directory. */
    @Test
    void aReportsDirectoryThatCannotTakeTheCertificateAtTheEndSendsItToTheJournalDirectory() throws Exception {
        MemoryTarget target = target(null);
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        WipeResult result = run(target, paperwork, null);
        Path reports = settings.reportDir();
        try (Stream<Path> files = Files.list(reports)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(reports);
        Files.writeString(reports, "not a directory any more");

        Certifier.Report done = paperwork.finish(result);

        assertThat(done.files().json().getParent()).isEqualTo(settings.journalDir());
        assertThat(verify(done.files().json(), SigningKey.loadOrCreate(settings.configDir(), Sh.uid())
                .publicKey()).valid()).isTrue();
        assertThat(done.files().pdf()).exists();
        assertThat(done.misplaced()).contains("could not be written to " + reports, "written to " + settings.journalDir());
        assertThat(journals()).as("the certificate exists, so the journal goes").isEmpty();
    }

    /** Where the certificate cannot be written anywhere, the journal stays: --resume reads back and certifies. */
    @Test
    void aCertificateThatCannotBeWrittenAnywhereLeavesItsJournal() throws Exception {
        MemoryTarget target = target(null);
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        WipeResult result = run(target, paperwork, null);
        Path moved = Files.move(settings.journalDir(), tmp.resolve("journals-elsewhere"));
        Files.writeString(settings.journalDir(), "x");
        try (Stream<Path> files = Files.list(settings.reportDir())) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(settings.reportDir());
        Files.writeString(settings.reportDir(), "x");

        Certifier.Report done = paperwork.finish(result);

        assertThat(done.files()).isNull();
        assertThat(done.uncertified()).isNotBlank();
        assertThat(done.journalKept()).isTrue();
        try (Stream<Path> kept = Files.list(moved)) {
            assertThat(kept.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".journal.json"))).hasSize(1);
        }
    }

    /** The journal is durable before the first byte is written, so a kill at any moment leaves one. */
    @Test
    void theFirstJournalIsWrittenBeforeTheJobWrites() throws Exception {
        MemoryTarget target = target(null);
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), DISK);
        List<Integer> journalsAtFirstPass = new ArrayList<>();
        WipeResult result = run(target, e -> {
            paperwork.on(e);
            if (e instanceof WipeEvent.PassStarted p && p.pass().number() == 1) {
                try {
                    journalsAtFirstPass.add(journals().size());
                } catch (Exception x) {
                    throw new AssertionError(x);
                }
            }
        }, null);
        paperwork.finish(result);
        assertThat(journalsAtFirstPass).containsExactly(1);
    }

    /**
     * A real dod-short run on an in-memory target, with its paperwork from the start (log
     * included); cancelled after a few writes when {@code cancel} is given.
     */
    private ReportStore.CertificateFiles certify(CancelToken cancel) throws Exception {
        return certify(cancel, DISK);
    }

    private ReportStore.CertificateFiles certify(CancelToken cancel, CertifiedDevice device) throws Exception {
        MemoryTarget target = target(cancel);
        Certifier.Paperwork paperwork = new Certifier(settings, HOST, BuildInfo.current()).begin(target.info(), device);
        return paperwork.finish(run(target, paperwork, cancel)).files();
    }

    private static WipeResult wipe() throws Exception {
        return run(target(null), e -> { }, null);
    }

    private static MemoryTarget target(CancelToken cancel) {
        MemoryTarget target = new MemoryTarget(6 << 20);
        new Random(1).nextBytes(target.data());
        return cancel == null ? target : target.cancellingAfterWrites(3, cancel);
    }

    private static WipeResult run(MemoryTarget target, WipeListener listener, CancelToken cancel) throws Exception {
        return new WipeJob(WipeRequest.of(WipeMethods.byName("dod-short").orElseThrow()).withBlockSize(1 << 20), Keystreams.JCE)
                .run(target, listener, cancel != null ? cancel : new CancelToken());
    }

    private static TrustedKey.Check verify(Path json, PublicKey trusted) {
        return TrustedKey.of(trusted).certificate(json);
    }

    private static String permissions(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
