import { describe, expect, it } from 'vitest';
import { onDiskPath } from './app-archive.ts';

describe('onDiskPath', () => {
  it('names the unpacked copy of a file inside the app archive', () => {
    expect(
      onDiskPath(
        '/opt/MobA Studio/resources/app.asar/node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
      ),
    ).toBe(
      '/opt/MobA Studio/resources/app.asar.unpacked/node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
    );
    expect(onDiskPath('C:\\Program Files\\MobA Studio\\resources\\app.asar\\node_modules\\x.gz')).toBe(
      'C:\\Program Files\\MobA Studio\\resources\\app.asar.unpacked\\node_modules\\x.gz',
    );
  });

  it('leaves every other path alone', () => {
    for (const path of [
      '/home/me/moba-studio/node_modules/x.gz',
      '/srv/app.asar.unpacked/x',
      '/srv/my-app.asar/x',
      '/srv/app.asarx/y',
      '/srv/app.asar',
    ])
      expect(onDiskPath(path)).toBe(path);
  });
});
