/**
 * The first Tab stop: straight to the generate control (desktop button or phone footer), past the
 * header, search and every strip's buttons.
 */
export function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link; without script it still goes to the main content.
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        const target = Array.from(
          document.querySelectorAll<HTMLButtonElement>('.generate-button, .footer-generate'),
        ).find((button) => button.getClientRects().length > 0 && !button.disabled);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      Skip to Generate New Palette
    </a>
  );
}
