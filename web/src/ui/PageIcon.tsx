/**
 * Icons that only pages and surfaces use (documents, gallery, live studio, leads, mobile chat), kept
 * out of ui/Icon so the login screen's bundle does not carry them; same look (StrokeIcon).
 */
import { StrokeIcon } from './Icon';

const PATHS = {
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  file: 'M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8zM14 3v5h5M9 13h6M9 17h4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  download: 'M12 4v11M7 10l5 5 5-5M4 20h16',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3',
  image: 'M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM3 16l5-5 4 4 3-3 6 6M15.5 8.5h.01',
  play: 'M7 4l13 8-13 8z',
  stop: 'M6 6h12v12H6z',
  camera: 'M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  mic: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3M9 21h6',
  send: 'M4 12l16-8-6 16-2-7zM12 13l8-9',
} as const;

export type PageIconName = keyof typeof PATHS;

export function PageIcon({ name, size = 20 }: { name: PageIconName; size?: number }) {
  return <StrokeIcon path={PATHS[name]} size={size} />;
}
