package org.planewatch.console.state.localize;

/**
 * One element of the fabric the exclusion decisions point at: a link or a switch, with how strongly
 * (ADR 0095).
 *
 * @param score the evidence against it beyond what its peers of the same plane and role carry:
 *     paths out of service through it now, plus recent retirements (half-life {@link
 *     LocalizerSettings#halfLifeMillis}), less half the recent re-admissions through it, that no
 *     suspect ranked above it already explains
 * @param hosts distinct hosts whose failing paths it explains
 * @param firstSeenNs agent timestamp of the first failing decision through it in this episode
 * @param failingPaths paths through it that are out of service or were retired recently
 * @param healthyPaths paths through it that came back and stay in service
 */
public record Suspect(
        Kind kind,
        String name,
        int plane,
        double score,
        int hosts,
        long firstSeenNs,
        int failingPaths,
        int healthyPaths) {

    public enum Kind {
        LINK("link"),
        SWITCH("switch");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        /** How operators and the JSON output name it. */
        public String word() {
            return word;
        }
    }

    /** "plane 2: link p2-t0-1~p2-t1-3 suspected, 32 hosts excluding paths through it". */
    public String describe() {
        return "plane " + plane + ": " + kind.word() + " " + name + " suspected, " + hosts
                + (hosts == 1 ? " host" : " hosts") + " excluding paths through it";
    }
}
