import { ColorPicker } from './ColorPicker';
import { Fullscreen } from './Fullscreen';
import { LanguageMenu } from './LanguageMenu';
import { LayoutSettings } from './LayoutSettings';
import { LogIndicator } from './LogIndicator';
import { SizeMenu } from './SizeMenu';
import { ThemeButton } from './ThemeButton';

/** The header's tools after the search, in their order: in the header, and in the story of every tool. */
export function HeaderToolList() {
  return (
    <>
      <LogIndicator />
      <Fullscreen />
      <ThemeButton />
      <SizeMenu />
      <ColorPicker />
      <LayoutSettings />
      <LanguageMenu />
    </>
  );
}
