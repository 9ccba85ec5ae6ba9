// The OS keychain through @napi-rs/keyring (keyring-rs): the macOS Keychain, the Windows Credential
// Manager, or the Secret Service on Linux desktops. On Linux the entry is pinned to the Secret
// Service: keyring-rs would otherwise fall back to the kernel keyring, which forgets everything at
// logout or reboot, so a headless machine gets the owner-only file instead. The native module is
// loaded lazily; where it cannot load (no prebuilt binary for the platform), there is no keychain.
import { createRequire } from 'node:module';
import type { Entry as KeyringEntry, EntryOptions } from '@napi-rs/keyring';

const SERVICE = 'pacewise';

export type Keychain = {
  /** Where the person can find the secret. */
  label: string;
  get(account: string): string | undefined;
  /** True when stored (and read back). */
  set(account: string, secret: string): boolean;
  remove(account: string): void;
};

type KeyringModule = { Entry: new (service: string, username: string, options?: EntryOptions) => KeyringEntry };

let loaded: KeyringModule | null | undefined;

function keyringModule(): KeyringModule | undefined {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)('@napi-rs/keyring') as KeyringModule;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

const LABELS: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'the macOS Keychain (service "pacewise")',
  win32: 'the Windows Credential Manager (service "pacewise")',
};

function osKeychain(mod: KeyringModule): Keychain {
  const entry = (account: string) => new mod.Entry(SERVICE, account, { linux: { store: 'secret-service' } });
  return {
    label: LABELS[process.platform] ?? 'the Secret Service keyring (service "pacewise")',
    get(account) {
      try {
        return entry(account).getPassword() ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(account, secret) {
      try {
        const e = entry(account);
        e.setPassword(secret);
        return e.getPassword() === secret;
      } catch {
        // No keyring service running, locked, or access refused: the caller falls back to the file.
        return false;
      }
    },
    remove(account) {
      try {
        entry(account).deletePassword();
      } catch {
        // nothing to remove, or the keyring is gone
      }
    },
  };
}

/** The keychain of this machine, or undefined. PACEWISE_STORAGE=file turns it off. */
export function findKeychain(): Keychain | undefined {
  if ((process.env.PACEWISE_STORAGE ?? 'auto').toLowerCase() === 'file') return undefined;
  const mod = keyringModule();
  return mod ? osKeychain(mod) : undefined;
}

/** The keychain a stored session names, whatever PACEWISE_STORAGE says now (to read or delete it). */
export function storedKeychain(): Keychain | undefined {
  const mod = keyringModule();
  return mod ? osKeychain(mod) : undefined;
}
