/** Small line icons for the dashboard's boxes; decorative, the box's text says what it is. */
const paths = {
  receipt: 'M6 3h12v18l-2-1.5L14 21l-2-1.5L10 21l-2-1.5L6 21zM9 8h6M9 12h6M9 16h4',
  chat: 'M4 5h16v11H9l-4 4v-4H4zM8 10.5h.01M12 10.5h.01M16 10.5h.01',
  form: 'M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5',
  question: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5h.01',
} as const;

export function TileIcon({ name }: { name: keyof typeof paths }) {
  return (
    <svg className="tile-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
