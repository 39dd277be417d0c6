# Mail: subjects, bodies and the layout they share.
