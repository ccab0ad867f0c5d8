//! The move tree: a start position and an arena of nodes linked first-child / next-sibling, so that a
//! node costs no allocation of its own.

use crate::{Move, PlayError, Position};

/// A node of a [`MoveTree`]. The root ([`MoveTree::root`]) stands for the start position; every other
/// node for the move that leads to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The node's index in creation order (the root is 0).
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    mv: Option<Move>,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    ply: u32,
    comment: Option<String>,
    nags: Vec<u8>,
}

impl Node {
    fn new(mv: Option<Move>, parent: u32, ply: u32) -> Node {
        Node {
            mv,
            parent,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            ply,
            comment: None,
            nags: Vec::new(),
        }
    }
}

/// A start position and the moves played from it: the main line (the first child at every node) and
/// its variations (the later children, in the order they were added), each node with an optional
/// comment and NAGs (numeric annotation glyphs, PGN's `$1`..`$255`).
///
/// ```
/// use xiangqi_core::record::MoveTree;
/// use xiangqi_core::Position;
///
/// let mut tree = MoveTree::new(Position::default());
/// let a = tree.add_move(tree.root(), "h2e2".parse()?)?;
/// let b = tree.add_move(tree.root(), "b2e2".parse()?)?;
/// assert_eq!(tree.children(tree.root()).collect::<Vec<_>>(), [a, b]);
/// assert_eq!(tree.parent(b), Some(tree.root()));
/// assert_eq!(tree.ply(b), 1);
/// assert_eq!(tree.position_at(b).fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1");
/// assert!(tree.add_move(a, "h2e2".parse()?).is_err()); // black to move there
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    start: Position,
    nodes: Vec<Node>,
}

impl MoveTree {
    /// A tree with no moves.
    pub fn new(start: Position) -> MoveTree {
        MoveTree { start, nodes: vec![Node::new(None, NONE, 0)] }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The root: the start position, before any move.
    pub const fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// The number of nodes, the root included.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of moves in the tree (every node but the root).
    pub fn move_count(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Whether the tree has no move.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Every node, in creation order (the root first).
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = NodeId> {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// The node with index `index` (creation order, the root is 0), if the tree has that many nodes: the
    /// checked way to turn an index kept elsewhere (a binding, a file) back into a [`NodeId`].
    ///
    /// ```
    /// use xiangqi_core::record::MoveTree;
    /// use xiangqi_core::Position;
    ///
    /// let mut tree = MoveTree::new(Position::new());
    /// let first = tree.add_move(tree.root(), "h2e2".parse()?)?;
    /// assert_eq!(tree.node_at(1), Some(first));
    /// assert_eq!(tree.node_at(2), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_at(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index as u32))
    }

    fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The move that leads to a node; `None` for the root.
    ///
    /// Panics if `id` is not a node of this tree (the same for every method taking a [`NodeId`]).
    pub fn mv(&self, id: NodeId) -> Option<Move> {
        self.node(id).mv
    }

    /// The node's parent; `None` for the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        let parent = self.node(id).parent;
        (parent != NONE).then_some(NodeId(parent))
    }

    /// The number of moves from the start to the node (0 for the root).
    pub fn ply(&self, id: NodeId) -> usize {
        self.node(id).ply as usize
    }

    /// The node's children: the move that continues its line first, then the alternatives.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let mut next = self.node(id).first_child;
        core::iter::from_fn(move || {
            (next != NONE).then(|| {
                let current = next;
                next = self.nodes[current as usize].next_sibling;
                NodeId(current)
            })
        })
    }

    /// The first child: the move that continues the node's line.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        let child = self.node(id).first_child;
        (child != NONE).then_some(NodeId(child))
    }

    /// The node's next sibling: the next alternative to its move.
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        let sibling = self.node(id).next_sibling;
        (sibling != NONE).then_some(NodeId(sibling))
    }

    /// The comment after the node's move (for the root: the comment before the first move).
    pub fn comment(&self, id: NodeId) -> Option<&str> {
        self.node(id).comment.as_deref()
    }

    /// Sets the comment of a node (an empty text removes it).
    pub fn set_comment(&mut self, id: NodeId, comment: impl Into<String>) {
        let comment = comment.into();
        self.nodes[id.index()].comment = (!comment.is_empty()).then_some(comment);
    }

    /// Appends to a node's comment, on a new line if it has one already.
    pub fn append_comment(&mut self, id: NodeId, text: &str) {
        match &mut self.nodes[id.index()].comment {
            Some(existing) => {
                existing.push('\n');
                existing.push_str(text);
            }
            none => *none = Some(text.to_owned()),
        }
    }

    /// The node's NAGs (`$1` = good move, `$2` = poor move, ...).
    pub fn nags(&self, id: NodeId) -> &[u8] {
        &self.node(id).nags
    }

    /// Adds a NAG to a node.
    pub fn add_nag(&mut self, id: NodeId, nag: u8) {
        self.nodes[id.index()].nags.push(nag);
    }

    /// The position at a node (after its move), replayed from the start.
    pub fn position_at(&self, id: NodeId) -> Position {
        let mut pos = self.start.clone();
        for m in self.path_to(id) {
            pos.play_unchecked(m);
        }
        pos
    }

    /// The moves from the start to a node.
    pub fn path_to(&self, id: NodeId) -> Vec<Move> {
        let mut moves = Vec::with_capacity(self.ply(id));
        let mut current = id;
        while let (Some(m), Some(parent)) = (self.mv(current), self.parent(current)) {
            moves.push(m);
            current = parent;
        }
        moves.reverse();
        moves
    }

    /// Adds a move after a node and returns the new node; the move must be legal at that node. A move
    /// that is already a child is added again as a further alternative.
    pub fn add_move(&mut self, parent: NodeId, m: Move) -> Result<NodeId, PlayError> {
        let pos = self.position_at(parent);
        if !pos.is_legal(m) {
            return Err(PlayError { mv: m, position: Box::new(pos) });
        }
        Ok(self.push_unchecked(parent, m))
    }

    /// Adds a move the caller has checked for legality.
    pub(crate) fn push_unchecked(&mut self, parent: NodeId, m: Move) -> NodeId {
        let id = self.nodes.len() as u32;
        let ply = self.node(parent).ply + 1;
        self.nodes.push(Node::new(Some(m), parent.0, ply));
        let parent_node = &mut self.nodes[parent.index()];
        let previous_last = parent_node.last_child;
        parent_node.last_child = id;
        if previous_last == NONE {
            parent_node.first_child = id;
        } else {
            self.nodes[previous_last as usize].next_sibling = id;
        }
        NodeId(id)
    }

    /// The main line's nodes, from the first move.
    pub fn main_line_nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut current = self.root();
        core::iter::from_fn(move || {
            let next = self.first_child(current)?;
            current = next;
            Some(next)
        })
    }

    /// The main line's moves.
    pub fn main_line(&self) -> impl Iterator<Item = Move> + '_ {
        self.main_line_nodes().map(|id| self.mv(id).expect("only the root has no move"))
    }

    /// The number of moves in the main line.
    pub fn main_line_len(&self) -> usize {
        self.main_line_nodes().count()
    }

    /// Every line from the start to a leaf, the main line first, then in depth-first order.
    pub fn lines(&self) -> Vec<Vec<Move>> {
        let mut lines = Vec::new();
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            let children: Vec<_> = self.children(id).collect();
            if children.is_empty() {
                if id != self.root() {
                    lines.push(self.path_to(id));
                }
            } else {
                stack.extend(children.into_iter().rev());
            }
        }
        lines
    }

    /// The nodes in pre-order (each node, then its first child's subtree, then the later children's),
    /// the order records are written in.
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![self.root()];
        while let Some(id) = stack.pop() {
            order.push(id);
            let first = stack.len();
            stack.extend(self.children(id));
            stack[first..].reverse();
        }
        order
    }
}
