package dev.blockwipe.engine.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.blockwipe.engine.Stage;
import dev.blockwipe.engine.io.ByteRange;
import dev.blockwipe.engine.io.Chunk;
import dev.blockwipe.engine.io.ChunkPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bookkeeping of bad ranges, and where a resumed sweep starts. */
class BadSectorsTest {

    @Test
    void rangesOfOneStageMergeWhenTheyTouchOrOverlapAndStagesStayApart() {
        BadSectors bad = new BadSectors();
        bad.add(new BadRange(4096, 512, "EIO", 1, Stage.WRITE));
        bad.add(new BadRange(3584, 512, "EIO", 1, Stage.WRITE));
        bad.add(new BadRange(4608, 1024, "EIO", 2, Stage.WRITE));
        bad.add(new BadRange(4096, 512, "EIO", 0, Stage.VERIFY));
        bad.add(new BadRange(1 << 20, 512, "EIO", 1, Stage.WRITE));
        assertThat(bad.ranges()).containsExactly(
                new BadRange(3584, 2048, "EIO", 1, Stage.WRITE),
                new BadRange(1 << 20, 512, "EIO", 1, Stage.WRITE),
                new BadRange(4096, 512, "EIO", 0, Stage.VERIFY));
        assertThat(bad.count()).isEqualTo(3);
        assertThat(bad.bytes()).isEqualTo(2048 + 512 + 512);
    }

    @Test
    void goodPartsLeaveOutEveryKnownBadRange() {
        BadSectors bad = new BadSectors(List.of(new BadRange(1000, 24, "EIO", 1, Stage.WRITE),
                new BadRange(2048, 512, "EIO", 0, Stage.VERIFY)));
        assertThat(bad.goodParts(0, 4096)).containsExactly(new ByteRange(0, 1000), new ByteRange(1024, 1024),
                new ByteRange(2560, 1536));
        assertThat(bad.goodParts(1010, 10)).isEmpty();
        assertThat(bad.goodParts(1024, 1024)).containsExactly(new ByteRange(1024, 1024));
    }

    @Test
    void aResumedPlanStartsAtTheChunkOfTheCheckpointAndNowhereElse() {
        ChunkPlan plan = ChunkPlan.sequential(10 << 20, 4 << 20, 1 << 20);
        ChunkPlan rest = ChunkPlan.from(plan, 5 << 20);
        assertThat(rest.count()).isEqualTo(2);
        assertThat(rest.chunk(0)).isEqualTo(new Chunk(5 << 20, 4 << 20));
        assertThat(rest.totalBytes()).isEqualTo(5 << 20);
        assertThat(ChunkPlan.from(plan, 10 << 20).count()).isZero();
        assertThat(ChunkPlan.from(plan, 0).count()).isEqualTo(plan.count());
        assertThatThrownBy(() -> ChunkPlan.from(plan, 2 << 20)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a checkpoint of this plan");
    }
}
