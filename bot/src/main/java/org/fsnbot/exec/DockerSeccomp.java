package org.fsnbot.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The container sandbox's seccomp profile in Docker's JSON form: the same
 * refusals as bwrap's filter (SeccompFilter, seccomp_filter.c).
 */
final class DockerSeccomp {

    private static final int EPERM = 1;
    private static final int ENOSYS = 38;
    /** The clone flags that make a namespace (seccomp_filter.c refuses the same). */
    private static final long[] NAMESPACE_FLAGS = {0x00020000L, 0x02000000L, 0x04000000L, 0x08000000L, 0x10000000L,
        0x20000000L, 0x40000000L, 0x00000080L};

    private DockerSeccomp() {
    }

    /** Docker's form of the seccomp filter: allow all but SeccompFilter.DENIED and namespace-making clones. */
    static String profile() {
        ObjectMapper json = new ObjectMapper();
        ObjectNode p = json.createObjectNode().put("defaultAction", "SCMP_ACT_ALLOW");
        p.putArray("architectures").add("SCMP_ARCH_X86_64");
        ArrayNode rules = p.putArray("syscalls");
        ObjectNode denied = rules.addObject().put("action", "SCMP_ACT_ERRNO").put("errnoRet", EPERM);
        SeccompFilter.DENIED.forEach(denied.putArray("names")::add);
        for (int family : SeccompFilter.DENIED_FAMILIES) {
            ObjectNode socket = rules.addObject().put("action", "SCMP_ACT_ERRNO").put("errnoRet", EPERM);
            socket.putArray("names").add("socket");
            socket.putArray("args").addObject().put("index", 0).put("value", family).put("op", "SCMP_CMP_EQ");
        }
        for (long flag : NAMESPACE_FLAGS) {
            ObjectNode clone = rules.addObject().put("action", "SCMP_ACT_ERRNO").put("errnoRet", EPERM);
            clone.putArray("names").add("clone");
            clone.putArray("args").addObject().put("index", 0).put("value", flag).put("valueTwo", flag)
                    .put("op", "SCMP_CMP_MASKED_EQ");
        }
        ObjectNode clone3 = rules.addObject().put("action", "SCMP_ACT_ERRNO").put("errnoRet", ENOSYS);
        clone3.putArray("names").add("clone3");
        return p.toString();
    }
}
