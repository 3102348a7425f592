package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Path;
import org.fsnbot.image.GuestImages;

/** Phase 4, image: the initramfs that runs the profile's workloads, and the block disk. */
public final class ImagePhase {

    private final GuestImages images;

    public ImagePhase(GuestImages images) {
        this.images = images;
    }

    public Step<Imaged> run(Built b, Path dir) throws IOException {
        return Step.next(new Imaged(b, images.forProfile(b.applied().resolved().job().profile(), dir)));
    }
}
