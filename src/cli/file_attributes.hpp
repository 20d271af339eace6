// SPDX-License-Identifier: MIT
// Carries a file's extended attributes (its POSIX ACL among them) over to the file that replaces it.
#pragma once

#include <string>

namespace chesstool::cli {

// Gives the open file `to` the extended attributes of the file at `from`: the POSIX ACLs,
// which the mode bits alone do not hold (under an ACL the group bits are its mask, so a
// group that may only read would be given write as well), and the user's own attributes.
// An ACL the new file inherited from its directory goes when `from` has none. The
// security and trusted attributes are the system's: copied where allowed, else left to
// it. False, with error saying why, when one that must stay could not be given.
bool copy_extended_attributes(const std::string& from, int to, std::string& error);

}  // namespace chesstool::cli
