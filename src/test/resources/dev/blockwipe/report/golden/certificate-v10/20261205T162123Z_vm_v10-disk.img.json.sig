{
  "signedFile" : "20261205T162123Z_vm_v10-disk.img.json",
  "algorithm" : "Ed25519",
  "publicKey" : "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAAbZI3wEUa5EuitQStlei46a27zcwO+fcmiiW/sr5bA0=\n-----END PUBLIC KEY-----\n",
  "publicKeyFingerprint" : "SHA256:510a a125 0a51 0249 36ff ab61 ba2c 2439 3644 c00b e9f9 4ed3 f575 1b87 9379 637c",
  "signature" : "pUvbEfzDbRVDGEd8MJIaSG1gu+USu4mIHRYEwQmY8NQvgFjSg90watLjGEZgf2x0rBjv5SPBZmSHEC9QkWiUCQ=="
}
