package org.planewatch.console.state;

import java.util.Comparator;

/** Orders names with numbers as people do: eth2 before eth10, host-9 before host-10. */
final class NaturalOrder implements Comparator<String> {
    static final NaturalOrder INSTANCE = new NaturalOrder();

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int startA = i;
                int startB = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                String numberA = a.substring(startA, i).replaceFirst("^0+(?=.)", "");
                String numberB = b.substring(startB, j).replaceFirst("^0+(?=.)", "");
                int byLength = Integer.compare(numberA.length(), numberB.length());
                if (byLength != 0) {
                    return byLength;
                }
                int byDigits = numberA.compareTo(numberB);
                if (byDigits != 0) {
                    return byDigits;
                }
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        int byRest = Integer.compare(a.length() - i, b.length() - j);
        return byRest != 0 ? byRest : a.compareTo(b);
    }
}
