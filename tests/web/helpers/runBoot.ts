import { BOOT_CONFIG_ID, jsonInHtml } from '../../../common/firstScreen';
import { boot, type BootConfig } from '../../../src/platform/firstScreen/boot';

/** The boot module as a built page runs it (build/bootPlugin.ts): its config in the page, then the module. */
export function runBoot(pages: BootConfig['pages'] = [], api = '/api', filterBar: string[] = [], dateInputs: string[] = []): void {
  document.getElementById(BOOT_CONFIG_ID)?.remove();
  document.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="${BOOT_CONFIG_ID}">${jsonInHtml({ api, pages, filterBar, dateInputs } satisfies BootConfig)}</script>`);
  boot();
}
